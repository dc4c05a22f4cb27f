import { expect } from '@playwright/test';
import {
  DEMO_PASSWORD,
  spaced,
  enterStepUpCode,
  expectNoAxeViolations,
  fillAddress,
  openDashboard,
  openMy48,
  spareSsn,
  test,
} from './fixtures.ts';

// The SIM's settings: moving a number in (port-in), a replacement SIM, changing SIM.

test('port-in: the timeline moves on as the network reports its order', async ({ page, openAs, browser }) => {
  // Two axe passes and the network's steps, a few seconds each, waited for up to 30 s: more than the default on a busy machine.
  test.setTimeout(60_000);
  await openAs('controls', '/my48/settings/move-your-number');
  await page.getByLabel('Number to move').fill('086 765 4321');
  await page.getByLabel('Current network').selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Move my number' }).click();
  const timeline = page.getByRole('region', { name: /^Moving 086 765 4321 from / });
  await expect(timeline.getByRole('listitem').first()).toContainText('Request sent');
  await expect(page.getByText(/^Next: your old network checks the number/)).toBeVisible();
  await expectNoAxeViolations(page);
  // The network takes the order, names the day (today, in the sandbox network) and moves the number, a step every few seconds.
  const operator = await browser.newContext({ baseURL: new URL(page.url()).origin });
  const network = await operator.newPage();
  await network.goto('/sandbox/network');
  await expect(network.getByRole('listitem').filter({ hasText: 'portIn add for 0867654321' })).toBeVisible();
  await expectNoAxeViolations(network);
  await operator.close();
  await expect
    .poll(
      async () => {
        await page.reload();
        return timeline.locator('li[aria-current="step"]').textContent();
      },
      { timeout: 30_000 },
    )
    .toMatch(/Number moved to 48/);
  await expect(page.getByText(/^Done: your number works on your 48 SIM/)).toBeVisible();
  await expect(timeline).toContainText(/Your number moves on \w+day/);
});

test('move your number: the request raises the port-in flag on the dashboard and in settings after a reload', async ({
  page,
}) => {
  // A number ending 998: the sandbox network's donor never answers, so the port-in stays in progress however slow the run.
  await openDashboard(page, 'lowbalance');
  await expect(page.getByText('Portin is in progress.')).toHaveCount(0);
  await page.goto('/my48/settings/move-your-number');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Enter an Irish mobile number like 087 123 4567.')).toBeVisible();
  await page.getByLabel('Number to move').fill('085 765 4998');
  await page.getByLabel('Current network').selectOption('Three');
  await page.getByLabel('Bill pay').check();
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Account number is required for a bill-pay account')).toBeVisible();
  await page.getByLabel('Account number').fill('ACC-12345');
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Portin is in progress.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moving 085 765 4998 from Three' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Moving 085 765 4998 from Three' })).toBeVisible();
  await openMy48(page, 'Dashboard');
  await expect(page.getByText('Portin is in progress.')).toBeVisible();
});

test('replacement SIM: ordered, then listed as a replacement in the orders', async ({ page }) => {
  await openDashboard(page, 'mgmlimit');
  await page.goto('/my48/settings/reorder-sim');
  await expectNoAxeViolations(page);
  await page.getByLabel('Reason').selectOption('damaged');
  await fillAddress(page, 'Tadhg', 'Daly', { line1: '9 Eyre Square' });
  await page.getByRole('button', { name: 'Order replacement SIM' }).click();
  await expect(page.getByText('Your replacement SIM is on its way to 9 Eyre Square, Galway.')).toBeVisible();
  await page.goto('/orders');
  await expect(page.getByRole('row', { name: /Replacement ordered/ })).toContainText('9 Eyre Square');
});

test('change my SIM: the number moves to the new card after the password and a security code; it shows after a reload', async ({
  page,
  request,
}) => {
  const m = await openDashboard(page, 'legacy');
  await page.goto('/my48/settings/change-my-sim');
  await expect(page.getByText(`Your current SIM ends in ${m.ssn.slice(-4)}`, { exact: false })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByLabel('New SIM number (SSN)').fill(spareSsn(120));
  const form = page.getByRole('form', { name: 'Move your number to a new SIM' });
  await form.getByLabel('Your password').fill('wrong-password');
  await page.getByRole('button', { name: 'Change my SIM' }).click();
  await expect(form.getByText('Enter the 6-digit security code from the e-mail.')).toBeVisible();
  await enterStepUpCode(page, request, m.email, form);
  await page.getByRole('button', { name: 'Change my SIM' }).click();
  await expect(page.getByRole('alert')).toHaveText('Your current password is not right.');
  await form.getByLabel('Your password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Change my SIM' }).click();
  // The number moves at once here; the network switches the line over in seconds.
  await expect(page.getByText(/is moving to the SIM ending 0120/)).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Your current SIM ends in 0120/)).toBeVisible();
  await openMy48(page, 'Dashboard');
  await expect(page.getByText(`Your number: ${spaced(m.msisdn)}`)).toBeVisible();
});
