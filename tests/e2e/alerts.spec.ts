import { expect } from '@playwright/test';
import { expectNoAxeViolations, test } from './fixtures.ts';

// docs/product/member-controls.md: the alerts (demo member controls).

test('controls: the 80 % data alert and the renewal reminder are in the notifications; alerts are switched in settings', async ({
  page,
  signIn,
}) => {
  const me = await signIn('controls');
  // The network reports a use (the member has 25.5 GB of 30 used already): the alerts are looked for
  // at once, as the minute's job would (a member made just now has not met it yet).
  const usage = await page.request.post('/sandbox/usage', { data: { msisdn: me.msisdn, data_mb: 1 } });
  expect(usage.status()).toBe(200);
  await page.goto('/my48');
  const notes = page.getByRole('region', { name: /^Notifications/ });
  await expect(notes).toContainText('You have used 80 % of your data');
  await expect(notes).toContainText('Your membership renews soon');
  await expect(notes).toContainText('€2.00 from your credit, then €7.99 from the card ending ····5454');
  // Announced as new once a visit (the dashboardNotification cookie), not on every return.
  await expect(notes.getByRole('heading', { level: 2 })).toHaveText(/^Notifications \(\d+ new\)$/);
  await expect(notes.getByText('New', { exact: true }).first()).toBeVisible();
  await expect
    .poll(async () => (await page.context().cookies()).some((c) => c.name === 'dashboardNotification'))
    .toBe(true);
  await page.reload();
  await expect(notes).toContainText('Your membership renews soon');
  await expect(notes.getByRole('heading', { level: 2 })).toHaveText('Notifications');
  await expect(notes.getByText('New', { exact: true })).toHaveCount(0);
  await notes.getByRole('link', { name: 'Choose your alerts' }).click();
  await expect(page.getByRole('heading', { name: 'Alerts', level: 2 })).toBeVisible();
  await expectNoAxeViolations(page);
  const data100 = page.getByRole('group', { name: 'Data used up' });
  await data100.getByRole('checkbox', { name: 'By e-mail' }).uncheck();
  await page.getByRole('button', { name: 'Save my alerts' }).click();
  await expect(page.getByText('Your alert choices are saved.')).toBeVisible();
  await page.reload();
  await expect(
    page.getByRole('group', { name: 'Data used up' }).getByRole('checkbox', { name: 'By e-mail' }),
  ).not.toBeChecked();
  await expect(
    page.getByRole('group', { name: 'Data used up' }).getByRole('checkbox', { name: 'In the app' }),
  ).toBeChecked();
  await expect(page.getByRole('region', { name: 'Recent alerts' })).toContainText('You have used 80 % of your data');
});
