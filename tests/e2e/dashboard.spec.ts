import { expect, type Page, type APIRequestContext } from '@playwright/test';
import { usageSummary, type UsageSummary } from '../../src/my48/features/dashboard/usage-summary.ts';
import { apiSession, expectNoAxeViolations, makeMember, openDashboard, openMy48, test } from './fixtures.ts';

// my48's dashboard: every figure by the spec's rules, each member state's notice, links in place.

/** The member's balance summary straight from the API, turned into figures by the spec's rules. */
async function expectedUsage(request: APIRequestContext, email: string): Promise<UsageSummary> {
  const { userId, headers } = await apiSession(request, email);
  const sim = (await (await request.get(`/panda/protected/users/${userId}/sims/owned`, { headers })).json())._payload
    .values[0];
  const res = await request.get(`/panda/protected/users/${userId}/sims/${sim.ssn}/balance/summary/current`, {
    headers,
  });
  return usageSummary((await res.json())._payload.current_month_balance_summary, sim);
}

const tile = (page: Page, name: string) => page.getByRole('region', { name, exact: true });

test('active: every figure is the balance summary by the spec rules', async ({ page, request }) => {
  const m = await makeMember(request, 'active');
  const u = await expectedUsage(request, m.email);
  await openDashboard(page, m);
  await expect(tile(page, 'Credit')).toContainText(u.credit);
  expect(u.credit).toBe('€7.50');
  const membership = tile(page, 'Membership');
  await expect(membership).toContainText(u.membershipPlan);
  await expect(membership).toContainText(`${u.daysLeftInNumber} DAYS LEFT`);
  // Auto-renew is on, but the queued membership takes over at the end date: no renewal is claimed.
  await expect(membership).toContainText(`Ends on${u.renewDate}`);
  await expect(membership).not.toContainText('Renews on');
  await expect(membership).toContainText('Auto-renewOn');
  await expect(membership).toContainText(`Queued, starts ${u.queuedStartDate}`);
  await expect(tile(page, 'Data')).toContainText(`${u.data.left} GB left of ${u.data.max} GB`);
  await expect(tile(page, 'Data')).toContainText(`${u.data.used} GB used`);
  await expect(page.getByRole('meter', { name: 'Data left', exact: true })).toHaveAttribute(
    'aria-valuetext',
    `${u.data.left} GB left of ${u.data.max} GB`,
  );
  await expect(tile(page, 'Mobile minutes')).toContainText('Unlimited');
  await expect(tile(page, 'Texts')).toContainText('Unlimited');
  await expect(tile(page, 'Landline minutes')).toContainText(
    `${u.landlineMinutes.left} min left of ${u.landlineMinutes.max}`,
  );
  await expect(tile(page, 'Roaming data')).toContainText(`${u.roaming.left} GB left of ${u.roaming.max} GB`);
  const extras = tile(page, 'Extras');
  await expect(extras).toContainText(`Carry-over data${u.carryoverData} GB`);
  await expect(extras).toContainText(`Add-on data${u.addonData} GB`);
  for (const g of u.goodyBagsList) await expect(extras).toContainText(`${g.left} GB left of ${g.max} GB`);
  await expect(page.getByRole('heading', { name: 'Data used per day this period' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the end date says what happens: "Renews on" with auto-renew on, "Ends on" and a way to turn it on when off', async ({
  page,
  request,
}) => {
  const onMember = await makeMember(request, 'controls');
  const on = await expectedUsage(request, onMember.email);
  await openDashboard(page, onMember);
  await expect(tile(page, 'Membership')).toContainText(`Renews on${on.renewDate}`);
  await expect(tile(page, 'Membership').getByRole('link', { name: 'Turn auto-renew on' })).toHaveCount(0);
  await page.goto('/log-out');
  await expect(page).toHaveURL(/\/$/);
  const offMember = await makeMember(request, 'flexi');
  const off = await expectedUsage(request, offMember.email);
  await openDashboard(page, offMember);
  const membership = tile(page, 'Membership');
  await expect(membership).toContainText(`Ends on${off.renewDate}`);
  await expect(membership).not.toContainText('Renews on');
  await expectNoAxeViolations(page);
  await membership.getByRole('link', { name: 'Turn auto-renew on' }).click();
  await expect(page).toHaveURL(/\/my48\/memberships$/);
  await expect(page.getByRole('button', { name: 'Turn auto-renew on' })).toBeVisible();
});

test('unlimited: Unlimited data, the fair-usage text and its gauge', async ({ page, request }) => {
  const m = await makeMember(request, 'unlimited');
  const u = await expectedUsage(request, m.email);
  await openDashboard(page, m);
  await expect(tile(page, 'Data')).toContainText('Unlimited');
  const fair = tile(page, 'Fair usage');
  await expect(fair).toContainText(u.fairUsage!.text);
  await expect(page.getByRole('meter', { name: 'Fair-usage data left' })).toHaveAttribute(
    'aria-valuetext',
    `${u.fairUsage!.left} GB left of ${u.fairUsage!.max} GB`,
  );
  await expectNoAxeViolations(page);
});

test('onboard: No Active Membership and the onboard bundle', async ({ page, request }) => {
  const m = await makeMember(request, 'onboard');
  const u = await expectedUsage(request, m.email);
  await openDashboard(page, m);
  await expect(tile(page, 'Membership')).toContainText('No Active Membership');
  // The onboard data is the data card until a membership starts (not a row of the extras).
  const onboard = tile(page, 'Onboard data');
  await expect(onboard).toContainText(`${u.onBoardBundle!.left} GB left of ${u.onBoardBundle!.max} GB`);
  await expect(onboard).toContainText(`${u.onBoardBundle!.daysLeft} days to use it, until a membership starts.`);
  await expect(page.getByRole('meter', { name: 'Onboard data left' })).toBeVisible();
  await expect(tile(page, 'Extras')).not.toContainText('Onboard bundle');
  await expect(tile(page, 'Data')).toHaveCount(0);
  await expectNoAxeViolations(page);
});

test('lapsed: No Active Membership and the onboard bundle marked empty', async ({ page }) => {
  await openDashboard(page, 'lapsed');
  await expect(tile(page, 'Membership')).toContainText('No Active Membership');
  await expect(tile(page, 'Extras')).toContainText('Onboard bundleEmpty');
});

test('oneday: DAY LEFT, singular', async ({ page }) => {
  await openDashboard(page, 'oneday');
  await expect(tile(page, 'Membership')).toContainText('1 DAY LEFT');
});

test('portin: the port-in-in-progress notice, and its timeline in settings', async ({ page }) => {
  await openDashboard(page, 'portin');
  await expect(page.getByText('Portin is in progress.')).toBeVisible();
  await page.goto('/my48/settings/move-your-number');
  const timeline = page.getByRole('region', { name: 'Moving 085 123 4508 from Vodafone' });
  await expect(timeline.getByRole('listitem')).toHaveCount(4);
  await expect(timeline.getByRole('listitem').first()).toContainText('Request sent');
  await expect(timeline.locator('li[aria-current="step"]')).toContainText('Move scheduled');
  await expect(timeline).toContainText(/Your number moves on \w+day/);
  await expectNoAxeViolations(page);
});

test('activating: the retrieval message, checked again, and the support hint 15 minutes after the activation began', async ({
  page,
  browser,
}) => {
  await page.clock.install();
  // An activation that began just now (the demo member's began long ago, so it shows the hint at once).
  const m = await makeMember(page.request, 'activating', { simAgeDays: 0 });
  await openDashboard(page, m);
  await expect(page.getByText("One moment please. We're retrieving your account data.")).toBeVisible();
  const hint = page.getByText(/taking longer than it should\. Please contact support/);
  await expect(hint).toHaveCount(0);
  await expectNoAxeViolations(page);
  const poll = page.waitForRequest('**/sims/owned');
  await page.clock.fastForward('14:00');
  await poll;
  await expect(hint).toHaveCount(0);
  await page.clock.fastForward('01:30');
  await expect(hint).toBeVisible();
  await expect(page.getByText("One moment please. We're retrieving your account data.")).toBeVisible();

  // The demo member's activation began long before: another device shows the hint at once, not
  // 15 minutes after it first looks.
  const other = await browser.newContext({
    baseURL: new URL(page.url()).origin,
    storageState: await page.context().storageState(),
  });
  const elsewhere = await other.newPage();
  await openDashboard(elsewhere, 'activating');
  await expect(elsewhere.getByText(/taking longer than it should\. Please contact support/)).toBeVisible();
  await other.close();
});

test('detailsmissing and unavailable: their notices, and no figures', async ({ page }) => {
  await openDashboard(page, 'detailsmissing');
  await expect(page.getByRole('alert')).toContainText("We can't find all of your account details right now.");
  await expect(tile(page, 'Credit')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.goto('/log-out');
  await expect(page).toHaveURL(/\/$/);
  await openDashboard(page, 'unavailable');
  await expect(page.getByRole('alert')).toContainText('The service is unavailable at the moment.');
  await expectNoAxeViolations(page);
});

test('links inside my48 change the screen in place; a link out of it loads that page', async ({ page }) => {
  await openDashboard(page, 'active');
  // A marker on the window survives an in-app screen change, not a page load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
  await openMy48(page, 'Transactions');
  await expect(page.getByRole('heading', { level: 1, name: 'Your transactions' })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  await openMy48(page, 'Back to the main site');
  await page.waitForURL((url) => url.pathname === '/');
  await expect(page.getByRole('navigation', { name: 'my48' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBeUndefined();
});
