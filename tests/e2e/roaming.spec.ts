import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

// docs/product/roaming.md, demo members 43 and 44: the EU allowance as the law sets it, use abroad, the notices, the cap.

test('roaming: traveller sees 14.76 GB, France and 3.00 GB used; a report from Spain brings its arrival notice', async ({
  page,
  openAs,
}) => {
  const me = await openAs('traveller', '/my48');
  // Roaming is in my48's own menu (the side menu here; "More" on a phone).
  await page.getByRole('navigation', { name: 'my48' }).getByRole('link', { name: 'Roaming' }).click();
  await expect(page).toHaveURL(/\/my48\/roaming$/);
  await expect(page.getByRole('heading', { name: 'Roaming', level: 1 })).toBeVisible();
  const where = page.getByRole('region', { name: 'Where you are' });
  await expect(where).toContainText('France, Zone 1: EU and EEA');
  const eu = page.getByRole('region', { name: 'EU roaming data' });
  await expect(eu).toContainText('11.76 GB left of 14.76 GB');
  await expect(eu).toContainText('3.00 GB used in the EU and EEA');
  await expect(page.getByRole('meter', { name: 'EU roaming data left' })).toHaveAttribute(
    'aria-valuetext',
    '11.76 GB left of 14.76 GB',
  );
  const month = page.getByRole('region', { name: /^\w+ \d{4} by country$/ });
  await expect(month.getByRole('row', { name: /France/ })).toContainText('3.00');
  const notices = page.getByRole('region', { name: 'Messages we sent you' });
  await expect(notices).toContainText('Welcome to France: roam like at home');
  await expectNoAxeViolations(page);

  // The network reports use in Spain: another country, so its own arrival notice, on the screen when read again.
  const report = await page.request.post('/sandbox/usage', {
    data: { msisdn: me.msisdn, country: 'ES', data_mb: 512 },
  });
  expect(report.status()).toBe(200);
  await page.reload();
  await expect(where).toContainText('Spain, Zone 1: EU and EEA');
  await expect(notices).toContainText('Welcome to Spain: roam like at home');
  await expect(notices).toContainText('11.76 GB of EU roaming data left');
  await expect(month.getByRole('row', { name: /Spain/ })).toContainText('0.50');

  // The dashboard's roaming figure is the same allowance and leads here.
  await page.goto('/my48');
  const tile = page.getByRole('region', { name: 'Roaming data' });
  await expect(tile).toContainText('14.76 GB');
  await tile.getByRole('link', { name: 'Your roaming' }).click();
  await expect(page).toHaveURL(/\/my48\/roaming$/);
});

test('roaming: creditonly sees 14.78 GB from credit before roaming begins', async ({ page, openAs }) => {
  await openAs('creditonly', '/my48/roaming');
  const eu = page.getByRole('region', { name: 'EU roaming data' });
  await expect(eu).toContainText('14.78 GB left of 14.78 GB');
  await expect(eu).toContainText('from your credit; it is fixed when you begin roaming');
  await expect(page.getByRole('region', { name: 'Where you are' })).toContainText(
    'We have not seen your SIM abroad yet.',
  );
  await expectNoAxeViolations(page);
});

test('roaming: at the cap data stops; the member goes on by keyboard, and chooses another cap', async ({
  page,
  openAs,
}) => {
  // Credit enough for the cap: data outside the EU is paid from it.
  const me = await openAs('traveller', '/my48/roaming', { creditCents: 10_000 });
  // Zone 4 data is €9.99 a MB with VAT: 7 MB (€69.93 from credit) passes the €50 cap (€61.50 with VAT).
  for (const mb of [3, 4])
    expect(
      (await page.request.post('/sandbox/usage', { data: { msisdn: me.msisdn, country: 'TH', data_mb: mb } })).status(),
    ).toBe(200);
  await page.reload();
  const cap = page.getByRole('region', { name: 'Data outside the EU' });
  await expect(cap.getByRole('alert')).toContainText('Data abroad has stopped at your cap.');
  await expect(page.getByRole('region', { name: 'Messages we sent you' })).toContainText('Data abroad has stopped');
  // The network bars data abroad (the sandbox network, in seconds): said once it has.
  await expect
    .poll(
      async () => {
        await page.reload();
        return cap.getByRole('alert').textContent();
      },
      { timeout: 30_000 },
    )
    .toContain('Data abroad is stopped on the network.');
  await expectNoAxeViolations(page);

  const goOn = cap.getByRole('button', { name: 'Keep using data abroad this month' });
  await goOn.focus();
  await page.keyboard.press('Enter');
  await expect(cap.getByText('Data abroad goes on for the rest of this month.')).toBeVisible();
  await expect(cap.getByRole('alert')).toHaveCount(0);
  await expect(cap).toContainText('you chose to keep using data past it');

  // Another cap, by keyboard: the radio group, then the save button.
  const fifty = cap.getByRole('radio', { name: '€50.00 a month' });
  await expect(fifty).toBeChecked();
  await fifty.focus();
  await page.keyboard.press('ArrowDown');
  await expect(cap.getByRole('radio', { name: '€100.00 a month' })).toBeChecked();
  await cap.getByRole('button', { name: 'Save my cap' }).focus();
  await page.keyboard.press('Enter');
  await expect(cap.getByText('Saved: your new cap on data abroad.')).toBeVisible();
  await page.reload();
  await expect(cap.getByRole('radio', { name: '€100.00 a month' })).toBeChecked();
});
