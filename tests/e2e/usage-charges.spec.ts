import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

// docs/product/money.md "Use paid from credit": what a member abroad uses is taken from credit once,
// listed in Transactions, and the dashboard and Roaming say the same amounts.

test('use abroad: the charge in Transactions, the new credit on the dashboard, Roaming’s spend what left the credit', async ({
  page,
  openAs,
}) => {
  test.slow();
  // traveller: credit €20.00, a €9.99 membership, in France.
  const me = await openAs('traveller', '/my48');
  const credit = page.getByRole('region', { name: 'Credit', exact: true });
  await expect(credit).toContainText('€20.00');

  // In the United States, 2 MB of data at €4.99 a MB: €9.98 from credit. The dashboard, left open, shows it.
  const report = await page.request.post('/sandbox/usage', {
    data: { msisdn: me.msisdn, country: 'US', data_mb: 2 },
  });
  expect(report.status()).toBe(200);
  expect(await report.json()).toMatchObject({ zone: '3', charged_cents: 998 });
  await expect(credit).toContainText('€10.02', { timeout: 25_000 });

  // Three calls made in the United Kingdom, one minute each at €0.59: one line for the day, opened by keyboard.
  for (let i = 0; i < 3; i++)
    expect(
      (
        await page.request.post('/sandbox/usage', {
          data: { msisdn: me.msisdn, country: 'GB', minutes: 1, destination: '0871234567' },
        })
      ).status(),
    ).toBe(200);
  await page.goto('/my48/transactions');
  const table = page.getByRole('table', { name: /^Transactions, newest first/ });
  const calls = table.getByRole('button', { name: /^Calls abroad: United Kingdom: 3 uses/ });
  await expect(calls).toHaveAttribute('aria-expanded', 'false');
  await expect(table.getByRole('row', { name: /Calls abroad: United Kingdom: 3 uses/ })).toContainText('−€1.77');
  await calls.focus();
  await page.keyboard.press('Enter');
  await expect(calls).toHaveAttribute('aria-expanded', 'true');
  await expect(table.getByRole('row', { name: /^\d\d:\d\d Calls abroad: United Kingdom/ })).toHaveCount(3);
  const data = table.getByRole('row', { name: /Data abroad: United States/ });
  await expect(data).toContainText('−€9.98');
  await expectNoAxeViolations(page);

  // Roaming's spend on data outside the EU is what left the credit for it.
  await page.goto('/my48/roaming');
  const cap = page.getByRole('region', { name: 'Data outside the EU' });
  await expect(cap).toContainText('€9.98 from your credit this month, of your €61.50 cap (€50.00 excluding VAT).');
  await page.goto('/my48');
  await expect(credit).toContainText('€8.25');
});
