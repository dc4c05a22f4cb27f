import { expect } from '@playwright/test';
import { expectNoAxeViolations, payByCard, spaced, test } from './fixtures.ts';

// docs/product/money.md: the gift shop for visitors.

test.describe.configure({ timeout: 90_000 });

test('gift shop: a visitor gifts a membership and a top-up; the numbers are checked with the spec’s messages', async ({
  page,
  member,
}) => {
  test.slow();
  const giftee = await member('giftee');
  const activating = await member('activating');
  await page.goto('/gift-shop');
  const number = page.getByLabel('Their 48 number');
  await expectNoAxeViolations(page);
  for (const [typed, message] of [
    ['12345', "That doesn't look like a valid number - please check and try again."],
    ['0879999999', "We can't link a membership to this number - please double-check and try another."],
  ]) {
    await number.fill(typed!);
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect(page.getByRole('alert')).toHaveText(message!);
  }
  await number.fill(activating.msisdn);
  await page.getByLabel('A top-up (credit)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('alert')).toHaveText("This number can't receive a top-up.");

  await number.fill(spaced(giftee.msisdn));
  await page.getByLabel('A membership').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Choose a membership' })).toBeFocused();
  await page.getByLabel('All Data €12.99 Membership, €12.99').check();
  await page.getByLabel('Your e-mail address').fill('buyer@example.com');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Gift: All Data €12.99 Membership')).toBeVisible();

  await page.goto('/gift-shop');
  await page.getByLabel('Their 48 number').fill(giftee.msisdn);
  await page.getByLabel('A top-up (credit)').check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('€20.00 credit').check();
  await page.getByLabel('Your e-mail address').fill('buyer@example.com');
  await page.getByRole('button', { name: 'Pay by card' }).click();
  await payByCard(page, '4200 0000 0000 0000');
  await expect(page.getByRole('heading', { name: 'Payment complete' })).toBeVisible();
  await expect(page.getByText('Gift: €20.00 credit')).toBeVisible();
});
