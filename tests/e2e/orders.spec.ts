import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

test('a free SIM on its way shows each step; the carrier delivers it and another may be ordered', async ({
  page,
  openAs,
}, testInfo) => {
  // A copy of parcel@ (docs/product/customer-care.md): a free SIM dispatched an hour ago, under a name of its own.
  const name = `Parcel${testInfo.workerIndex}${Date.now().toString(36)}`;
  await openAs('parcel', '/orders', { firstname: name });
  const row = page.getByRole('row', { name: /Free 48 SIM/ });
  await expect(row).toContainText('Dispatched, on its way');
  await expect(row).toContainText('Delivered: not yet');
  await expect(page.getByRole('link', { name: 'Order another free SIM' })).toHaveCount(0);
  await expectNoAxeViolations(page, 'orders on their way');

  // The carrier (the sandbox) delivers it, by keyboard.
  await page.goto('/sandbox/delivery');
  const deliver = page
    .getByRole('row', { name: new RegExp(name) })
    .getByRole('button', { name: /^Deliver 48-O-\d+ now$/ });
  await deliver.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('row', { name: new RegExp(name) })).toHaveCount(0);

  await page.goto('/orders');
  await expect(row).toContainText('Delivered');
  await expect(row).not.toContainText('not yet');
  const again = page.getByRole('link', { name: 'Order another free SIM' });
  await expect(again).toHaveAttribute('href', '/order-free-sim');
  await expectNoAxeViolations(page, 'an order delivered');
});
