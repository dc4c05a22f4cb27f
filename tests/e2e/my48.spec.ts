import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { usageSummary, type UsageSummary } from '../../src/my48/features/dashboard/usage-summary.ts';
import {
  DEMO_PASSWORD,
  expectNoAxeViolations,
  makeMember,
  signInThroughApi,
  spaced,
  spareSsn,
  test,
  enterStepUpCode,
  openMy48,
  type TestMember,
} from './fixtures.ts';

/** A session of the API alone (its own cookie jar, so the page's session is untouched). */
async function apiSession(request: APIRequestContext, email: string) {
  const res = await request.post('/panda/public/users/current', { data: { username: email, password: DEMO_PASSWORD } });
  const userId = (await res.json())._payload.account.user_id as number;
  return { userId, headers: { 'x-gg-auth': res.headers()['x-gg-auth']!, 'x-gg-transaction': 'e2e' } };
}

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

/**
 * A member made for the journey (a copy of the demo member `like`, or one given), signed in through
 * the API (the log-in form has its own tests in log-in.spec.ts), then my48 opened.
 */
async function openDashboard(page: Page, like: string | TestMember): Promise<TestMember> {
  const m = typeof like === 'string' ? await makeMember(page.request, like) : like;
  await signInThroughApi(page, m.email, m.password);
  await page.goto('/my48');
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  return m;
}

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
  await expect(tile(page, 'Extras')).toContainText(`${u.onBoardBundle!.left} GB left of ${u.onBoardBundle!.max} GB`);
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

test('transactions: ten to a page, newest first, paged', async ({ page, request }) => {
  const m = await makeMember(request, 'carriedover');
  const { userId, headers } = await apiSession(request, m.email);
  const first = await (
    await request.get(`/panda/protected/users/${userId}/transactions?page=1&limit=10`, { headers })
  ).json();
  const second = await (
    await request.get(`/panda/protected/users/${userId}/transactions?page=2&limit=10`, { headers })
  ).json();
  await openDashboard(page, m);
  await openMy48(page, 'Transactions');
  await expect(page).toHaveURL(/\/my48\/transactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your transactions' })).toBeFocused();
  const pages = Math.ceil(first._meta.total / 10);
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(11);
  await expect(page.getByRole('row').nth(1)).toContainText(first._payload.values[0].description);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Older' }).click();
  await expect(page.getByText(`Page 2 of ${pages}`, { exact: true })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toContainText(second._payload.values[0].description);
  await page.getByRole('button', { name: 'Newer' }).click();
  await expect(page.getByText(`Page 1 of ${pages}`, { exact: true })).toBeVisible();
});

test('settings: the name and the permissions survive a reload; settings reopens the last fragment', async ({
  page,
}) => {
  await openDashboard(page, 'legacy');
  await page.goto('/my48/settings/my-details');
  await expect(page.getByLabel('First name')).toHaveValue('Pádraig');
  await expectNoAxeViolations(page);
  await page.getByLabel('Last name').fill('');
  await page.getByRole('button', { name: 'Save my name' }).click();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await page.getByLabel('Last name').fill('Fitzgerald-Ó Sé');
  await page.getByRole('button', { name: 'Save my name' }).click();
  await expect(page.getByText('Your name is saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Last name')).toHaveValue('Fitzgerald-Ó Sé');

  await page.getByRole('link', { name: 'Marketing permissions' }).click();
  await expect(page).toHaveURL(/\/my48\/settings\/permissions$/);
  await page.getByLabel('Preferred social network').selectOption('TikTok');
  await page.getByLabel('Post').check();
  await page.getByRole('button', { name: 'Save my choices' }).click();
  await expect(page.getByText('Your choices are saved.')).toBeVisible();
  await page.reload();
  await expect(page.getByLabel('Preferred social network')).toHaveValue('TikTok');
  await expect(page.getByLabel('Post')).toBeChecked();
  await expectNoAxeViolations(page);

  // Away and back: settings opens on the fragment last used.
  await openMy48(page, 'Dashboard');
  await expect(page).toHaveURL(/\/my48$/);
  await page.goto('/my48/settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Marketing permissions' })).toBeVisible();
});

test('move your number: the request raises the port-in flag on the dashboard and in settings after a reload', async ({
  page,
}) => {
  await openDashboard(page, 'lowbalance');
  await expect(page.getByText('Portin is in progress.')).toHaveCount(0);
  await page.goto('/my48/settings/move-your-number');
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Enter an Irish mobile number like 087 123 4567.')).toBeVisible();
  await page.getByLabel('Number to move').fill('085 765 4321');
  await page.getByLabel('Current network').selectOption('Three');
  await page.getByLabel('Bill pay').check();
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Account number is required for a bill-pay account')).toBeVisible();
  await page.getByLabel('Account number').fill('ACC-12345');
  await page.getByRole('button', { name: 'Move my number' }).click();
  await expect(page.getByText('Portin is in progress.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Moving 085 765 4321 from Three' })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Moving 085 765 4321 from Three' })).toBeVisible();
  await openMy48(page, 'Dashboard');
  await expect(page.getByText('Portin is in progress.')).toBeVisible();
});

test('replacement SIM: ordered, then listed as a replacement in the orders', async ({ page }) => {
  await openDashboard(page, 'mgmlimit');
  await page.goto('/my48/settings/reorder-sim');
  await expectNoAxeViolations(page);
  await page.getByLabel('Reason').selectOption('damaged');
  await page.getByLabel('First name').fill('Tadhg');
  await page.getByLabel('Last name').fill('Daly');
  await page.getByLabel('Address line 1').fill('9 Eyre Square');
  await page.getByLabel('Town or city').fill('Galway');
  await page.getByLabel('County').selectOption('Galway');
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

test('the other settings screens and an empty transaction list pass axe; settings reopens the last one', async ({
  page,
}) => {
  test.slow(); // five screens, each checked by axe
  await openDashboard(page, 'nosim');
  await expect(page.getByText('You have no active SIM yet.')).toBeVisible();
  await openMy48(page, 'Transactions');
  await expect(page.getByText('No transactions yet.')).toBeVisible();
  for (const [fragment, heading] of [
    ['change-password', 'Change password'],
    ['payment-details', 'Payment details'],
    ['about-us', 'About 48'],
    ['reorder-sim', 'Replacement SIM'],
  ]) {
    await page.goto(`/my48/settings/${fragment}`);
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
    if (fragment === 'payment-details') await expect(page.getByText('You have no stored card.')).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await expect(page.getByText('You need an active SIM for this.')).toBeVisible();
  await openMy48(page, 'Settings');
  await expect(page.getByRole('heading', { level: 2, name: 'Replacement SIM' })).toBeVisible();
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
