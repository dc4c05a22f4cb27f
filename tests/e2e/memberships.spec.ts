import { expect, type Page } from '@playwright/test';
import { enterStepUpCode, expectNoAxeViolations, test } from './fixtures.ts';

// docs/product/money.md: buying memberships with credit and the card, auto-renew, add-ons.

test.describe.configure({ timeout: 90_000 });

async function memberships(page: Page) {
  await page.goto('/my48/memberships');
  await expect(page.getByRole('heading', { level: 2, name: 'Buy a membership' })).toBeVisible();
}

const dialog = (page: Page) => page.getByRole('dialog');

test('rich: buy with credit by keyboard alone; the second is queued, a third cannot be bought', async ({
  page,
  openAs,
}) => {
  await openAs('rich', '/my48');
  // From the dashboard to a bought membership with the keyboard only.
  const buyLink = page.getByRole('link', { name: 'Buy a membership' });
  await buyLink.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 2, name: 'Buy a membership' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toContainText('Data Plus €9.99 Membership is yours, starting now.');
  await expectNoAxeViolations(page);
  await page.keyboard.press('Enter');
  await expect(dialog(page)).toHaveCount(0);
  await page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ }).click();
  await expect(dialog(page)).toContainText('is queued');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('You have a membership queued.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ })).toBeDisabled();
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('€5.02');
});

test('card: auto-renew on and off with popups, credit then the stored card, add credit, an add-on, then remove the card', async ({
  page,
  signIn,
  request,
}) => {
  test.slow();
  const me = await signIn('card');
  await memberships(page);
  await page.getByRole('button', { name: 'Turn auto-renew on' }).click();
  await expect(dialog(page)).toContainText('Turn auto-renew on?');
  await expectNoAxeViolations(page);
  await dialog(page).getByRole('button', { name: 'Yes, turn it on' }).click();
  await expect(dialog(page)).toContainText('Auto-renew is on.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await page.getByLabel('Renews with').selectOption({ label: 'All Data €12.99 Membership' });
  await page.getByRole('button', { name: 'Change' }).click();
  await expect(dialog(page)).toContainText('Renew with All Data €12.99 Membership?');
  await dialog(page).getByRole('button', { name: 'Yes, renew with it' }).click();
  await expect(dialog(page)).toContainText('Auto-renew is on with All Data €12.99 Membership.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Renews with')).toHaveValue('BDDV00');
  await page.getByRole('button', { name: 'Turn auto-renew off' }).click();
  await dialog(page).getByRole('button', { name: 'Yes, turn it off' }).click();
  await expect(dialog(page)).toContainText('Auto-renew is off.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();

  await expect(page.getByLabel('Credit first, then my card ending 0000')).toBeChecked();
  await page.getByRole('button', { name: /^Buy (now|next): Data Plus €9\.99 Membership$/ }).click();
  await expect(dialog(page)).toContainText('is queued');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await page.goto('/my48/transactions');
  const row = page.getByRole('row').nth(1);
  await expect(row).toContainText('Data Plus €9.99 Membership');
  await expect(row).toContainText('−€0.50');
  await expect(row).toContainText('€9.49');

  await page.goto('/my48/memberships/add-credit');
  await page.getByLabel('€10.00').check();
  await expect(page.getByLabel('My VISA card ending 0000 (expires 12/29)')).toBeChecked();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Add €10.00' }).click();
  await expect(dialog(page)).toContainText('Your credit is €10.00 now.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  // "A new card" opens the new-card form (PANDAOLTUNRG2), never the stored card.
  await page.getByLabel('A new card').check();
  await page.getByRole('button', { name: 'Add €10.00' }).click();
  await expect(page.getByRole('heading', { name: 'Pay €10.00' })).toBeVisible();
  await expect(page.locator('#PANDAOLTUNRG2')).toBeVisible();
  await expect(page.locator('#PANDAOLTREG2')).toHaveCount(0);
  await expect(page.getByLabel('Card number')).toBeVisible();
  await expect(page.getByText(/saved VISA card/)).toHaveCount(0);

  await page.goto('/my48/addons');
  await expect(page.getByRole('heading', { level: 1, name: 'Top up with data' })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Buy Add-on 5 GB' }).click();
  await expect(dialog(page)).toContainText('5 GB added to your membership.');
  await dialog(page).getByRole('button', { name: 'OK' }).click();
  await page.goto('/my48');
  await expect(page.getByRole('region', { name: 'Extras' })).toContainText('Add-on data5.00 GB');
  await expect(page.getByRole('region', { name: 'Credit' })).toContainText('€5.00');

  await page.goto('/my48/settings/payment-details');
  await expect(page.getByText('VISA ending 0000')).toBeVisible();
  await expectNoAxeViolations(page);
  // Removing the card needs a security code from the e-mail (docs/product/member-controls.md).
  await page.getByRole('button', { name: 'Remove this card' }).click();
  await expect(page.getByText('Enter the 6-digit security code from the e-mail.')).toBeVisible();
  await enterStepUpCode(page, request, me.email);
  await page.getByRole('button', { name: 'Remove this card' }).click();
  await expect(page.getByText('Your card is removed.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no stored card.')).toBeVisible();
});
