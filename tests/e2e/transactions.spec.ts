import { expect } from '@playwright/test';
import { apiSession, expectNoAxeViolations, makeMember, openDashboard, openMy48, test } from './fixtures.ts';

// docs/product/member-controls.md (receipts) and the spec's transactions list.

test('controls: a receipt for the card payment, with VAT and the card, linked from the transactions; print hides the menus', async ({
  page,
  openAs,
}) => {
  test.slow();
  await openAs('controls', '/my48/transactions');
  // The newest card payment for the membership (its renewals are card payments too): "By card" is €9.99.
  const paidByCard = page.getByRole('row').filter({ has: page.getByRole('cell', { name: '€9.99', exact: true }) });
  await expect(page.getByText(/^Page 1 of \d+$/)).toBeVisible();
  // Each page's rows arrive after its number shows: give them a moment before going older.
  const onThisPage = () =>
    paidByCard
      .first()
      .waitFor({ timeout: 5_000 })
      .then(
        () => true,
        () => false,
      );
  for (let i = 0; i < 6 && !(await onThisPage()); i++) {
    await page.getByRole('button', { name: 'Older' }).click();
    await expect(page.getByText(/^Page \d+ of \d+$/)).toHaveText(new RegExp(`^Page ${i + 2} of`));
  }
  await paidByCard.first().getByRole('link', { name: 'Data Plus €9.99 Membership (receipt)' }).click();
  await expect(page).toHaveURL(/\/my48\/transactions\/\d+$/);
  const receipt = page.getByRole('article', { name: /^Receipt \d+$/ });
  await expect(receipt.getByRole('row', { name: /VAT at 23 %/ })).toContainText('€1.87');
  await expect(receipt.getByRole('row', { name: /Total paid/ })).toContainText('€9.99');
  await expect(receipt).toContainText('Mastercard •••• 5454: €9.99');
  await expect(receipt).toContainText('48 Mobile Limited');
  await expectNoAxeViolations(page);
  // The address works on its own (a reload, a bookmark).
  await page.reload();
  await expect(receipt.getByRole('row', { name: /VAT at 23 %/ })).toContainText('€1.87');
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'my48' })).toBeHidden();
  await expect(receipt.getByRole('button', { name: 'Print or save as PDF' })).toBeHidden();
  await expect(receipt.getByText(/^48 Mobile Limited, /)).toBeVisible();
});

test('transactions: ten to a page, newest first, paged', async ({ page, request }) => {
  const m = await makeMember(request, 'active', { simAgeDays: 150 }); // five months of history: two pages
  const { userId, headers } = await apiSession(request, m.email);
  const first = await (
    await request.get(`/panda/protected/users/${userId}/transactions?page=1&limit=10`, { headers })
  ).json();
  const second = await (
    await request.get(`/panda/protected/users/${userId}/transactions?page=2&limit=10`, { headers })
  ).json();
  await openDashboard(page, m);
  await openMy48(page, 'Transactions');
  await expect(page).toHaveURL(/\/my48\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your transactions' })).toBeFocused();
  const pages = Math.ceil(first._meta.total / 10);
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('row').nth(1)).toContainText(first._payload.values[0].description);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(second._payload.values[0].description);
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
});
