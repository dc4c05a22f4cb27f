import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, payByCard, test } from './fixtures.ts';

// docs/product/money.md: a new card, declined, 3-D Secure and pending payments.

test.describe.configure({ timeout: 90_000 });

async function memberships(page: Page) {
  await page.goto('/my48/memberships');
  await expect(page.getByRole('heading', { level: 2, name: 'Buy a membership' })).toBeVisible();
}

test('nocredit: a new card pays (and is saved); declined, 3-D Secure decline and approve, and pending', async ({
  page,
  signIn,
}) => {
  test.slow();
  await signIn('nocredit');
  await memberships(page);
  await page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ }).click();
  await expect(page.getByRole('heading', { name: 'Pay €9.99' })).toBeVisible();
  await expect(page.locator('#PANDAOLTUNRG2')).toBeVisible();
  await expectNoAxeViolations(page);
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.reload(); // the result address again: applied once
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await page.getByRole('link', { name: 'Continue' }).click();
  await expect(page.getByText(/^Queued: Data Plus €9\.99 Membership/)).toBeVisible();

  // Add credit with a new card: declined, then 3-D Secure declined and approved, then pending.
  const newCardCredit = async (amount: string) => {
    await page.goto('/my48/memberships/add-credit');
    await page.getByLabel(amount).check();
    await page.getByLabel('A new card').check();
    await page.getByRole('button', { name: `Add ${amount}` }).click();
  };
  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 0002');
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText('declined');

  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 3220');
  await expect(page.getByRole('button', { name: 'Approve' })).toBeVisible();
  await page.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByRole('heading', { name: 'The payment did not go through' })).toBeVisible();

  await newCardCredit('€10.00');
  await payByCard(page, '4000 0000 0000 3220');
  await page.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();

  await newCardCredit('€5.00');
  await payByCard(page, '4000 0000 0000 0077');
  await expect(page.getByText('Your bank is still confirming the payment.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible({ timeout: 30_000 });
  await page.goto('/my48');
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('€15.00');
});
