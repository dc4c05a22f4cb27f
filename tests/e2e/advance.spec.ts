import { expect, type Page } from '@playwright/test';
import { expectNoAxeViolations, payByCard, test } from './fixtures.ts';

/** docs/product/lifelines.md, the top-up advance: taken from the dashboard by keyboard, shown as owed, repaid by a top-up. */

const creditTile = (page: Page) => page.getByRole('region', { name: 'Credit', exact: true });

test('advance: takes the €5 advance from the dashboard by keyboard, sees the fee first and then what is owed', async ({
  page,
  openAs,
}) => {
  // Two axe passes and three pages: more than the default 30 s on a busy 2-core machine.
  test.setTimeout(60_000);
  await openAs('advance', '/my48');
  const tile = creditTile(page);
  await expect(tile).toContainText('€0.40');
  const offer = tile.getByRole('button', { name: 'Get a €5 top-up advance' });
  await expect(offer).toBeVisible();
  await offer.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Get a €5 top-up advance?' });
  await expect(dialog).toContainText('The fee is €0.50, so you repay €5.50.');
  await expect(dialog.getByRole('button', { name: 'Get €5.00 now' })).toBeFocused();
  await expectNoAxeViolations(page, 'the advance dialog');
  // Escape closes it and nothing is taken; then take it.
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(offer).toBeFocused(); // the focus goes back to what opened it
  await expect(tile).toContainText('€0.40');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('button', { name: 'Get €5.00 now' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(tile.getByRole('status')).toContainText(
    '€5.00 of credit is yours now. €5.50 is repaid from your next top-up.',
  );
  await expect(tile).toContainText('€5.40');
  await expect(tile).toContainText('You owe €5.50 from a top-up advance');
  await expect(tile.getByRole('button', { name: 'Get a €5 top-up advance' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'dashboard after the advance');

  // Transactions list it, with a receipt that names the fee and has no VAT.
  await page.goto('/my48/transactions');
  const row = page.getByRole('row', { name: /Top-up advance \(fee €0\.50; €5\.50 to repay\)/ });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByText('Credit advanced to you')).toBeVisible();
  await expect(page.getByText('No VAT: credit lent and paid back, not a sale.')).toBeVisible();
});

test('owing: €5.50 owed shows on the dashboard; a €10 top-up repays it and leaves €4.50', async ({ page, openAs }) => {
  test.slow();
  await openAs('owing', '/my48');
  const tile = creditTile(page);
  await expect(tile).toContainText('€0.00');
  await expect(tile).toContainText('You owe €5.50 from a top-up advance');
  await page.goto('/my48/memberships/add-credit');
  await expect(page.getByText('You owe €5.50 from a top-up advance')).toBeVisible();
  await page.getByLabel('€10.00').check();
  await page.getByRole('button', { name: 'Add €10.00' }).click();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await page.goto('/my48');
  await expect(tile).toContainText('€4.50');
  await expect(tile).not.toContainText('You owe');
  await page.goto('/my48/transactions');
  await expect(page.getByRole('row', { name: /Top-up advance repaid/ })).toBeVisible();
});
