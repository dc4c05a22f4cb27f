import { expect, type Page, type Request } from '@playwright/test';
import { CONSENT_COOKIE } from '../../src/lib/consent.ts';
import { expectNoAxeViolations, logIn, test } from './fixtures.ts';

// Consent (docs/product/operations.md, ADR 019). These visitors start with no choice stored.
test.use({ storageState: { cookies: [], origins: [] } });

const GTM_ID = 'GTM-E2E0001';
const bannerCode = (url: string) => /consent-(banner|bar)|cookieconsent/.test(url);
const tagManager = (url: string) => url.startsWith('https://www.googletagmanager.com/');

/** Every request the page makes from now on. */
function requests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (req: Request) => seen.push(req.url()));
  return seen;
}

/**
 * The pages as a site built with PUBLIC_GTM_ID serves them (Consent.astro then adds this meta),
 * and a stand-in for Google's gtm.js that counts its loads: no request leaves the machine.
 */
async function withTagManager(page: Page) {
  await page.route(/\/(help|free-sim|cookies-details)?$/, async (route) => {
    const res = await route.fetch();
    const headers = Object.fromEntries(
      Object.entries(res.headers()).filter(([name]) => !['content-encoding', 'content-length', 'etag'].includes(name)),
    );
    const body = (await res.text()).replace('<head>', `<head><meta name="tag-manager" content="${GTM_ID}">`);
    await route.fulfill({ status: res.status(), headers, body });
  });
  await page.route('https://www.googletagmanager.com/**', (route) =>
    route.fulfill({ contentType: 'text/javascript', body: 'window.gtmLoads = (window.gtmLoads || 0) + 1;' }),
  );
}

const storedCategories = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === CONSENT_COOKIE);
  return cookie ? (JSON.parse(decodeURIComponent(cookie.value)) as { categories: string[] }).categories : undefined;
};

/** The Consent Mode commands the page pushed, in order: [command, state]. */
const consentCommands = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? [])
      .filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => [...(entry as IArguments)] as [string, string, Record<string, string>])
      .filter(([command]) => command === 'consent')
      .map(([, kind, state]) => [kind, state]),
  );

/** Whether what is drawn at the middle of the element is the element itself (nothing lies over it). */
const uncovered = (selector: ReturnType<Page['getByRole']>) =>
  selector.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return box.height > 0 && (hit === el || el.contains(hit));
  });

test('a first visit: the bar, axe-clean, chosen by keyboard alone; then no banner code on any page, also after log-out', async ({
  page,
  member,
}) => {
  test.slow(); // a log-in and log-out inside
  await withTagManager(page);
  const seen = requests(page);
  await page.goto('/help');
  const bar = page.getByRole('dialog', { name: 'Cookies on 48' });
  await expect(bar).toBeVisible();
  // Consent Mode starts denied, before any choice.
  expect((await consentCommands(page))[0]).toEqual([
    'default',
    {
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
    },
  ]);
  await expectNoAxeViolations(page);

  // The keyboard meets the choice first; "Necessary only" is a button like "Accept all".
  const focused: string[] = [];
  for (let i = 0; i < 6 && !focused.includes('Necessary only'); i++) {
    await page.keyboard.press('Tab');
    focused.push(await page.evaluate(() => document.activeElement?.textContent?.trim() ?? ''));
  }
  expect(focused).toEqual(['Cookie details', 'Accept all', 'Necessary only']);
  await page.keyboard.press('Enter');
  await expect(bar).toBeHidden();
  expect(await storedCategories(page)).toEqual(['necessary']);
  expect((await consentCommands(page)).at(-1)).toEqual([
    'update',
    expect.objectContaining({ analytics_storage: 'denied', ad_storage: 'denied' }),
  ]);

  // From here on: no banner code and no tag manager, on other pages and after a log-in and log-out.
  seen.length = 0;
  await page.goto('/free-sim');
  await logIn(page, (await member('unlimited')).email);
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  await page.goto('/log-out');
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/help');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(seen.filter(bannerCode)).toEqual([]);
  expect(seen.filter(tagManager)).toEqual([]);
  await expect(bar).toHaveCount(0);
  expect(await storedCategories(page)).toEqual(['necessary']);
});

test('the tag manager loads only after consent, with Consent Mode told first; settings take it back', async ({
  page,
}) => {
  await withTagManager(page);
  const seen = requests(page);
  await page.goto('/help');
  await expect(page.getByRole('dialog', { name: 'Cookies on 48' })).toBeVisible();
  expect(seen.filter(tagManager)).toEqual([]);

  await page.getByRole('button', { name: 'Accept all' }).click();
  await expect.poll(() => page.evaluate(() => (window as { gtmLoads?: number }).gtmLoads)).toBe(1);
  expect(seen.filter(tagManager)).toEqual([`https://www.googletagmanager.com/gtm.js?id=${GTM_ID}`]);
  expect(await storedCategories(page)).toEqual(['necessary', 'analytics', 'marketing']);
  // The grant reached the data layer before the tag manager's start event.
  const order = await page.evaluate(() =>
    (window.dataLayer ?? []).map((e) =>
      Object.prototype.toString.call(e) === '[object Arguments]'
        ? `${(e as IArguments)[0]} ${(e as IArguments)[1]}`
        : String((e as { event?: string }).event),
    ),
  );
  expect(order).toEqual(['consent default', 'consent update', 'gtm.js']);
  expect((await consentCommands(page)).at(-1)![1]).toMatchObject({
    analytics_storage: 'granted',
    ad_storage: 'granted',
    ad_user_data: 'granted',
    ad_personalization: 'granted',
  });

  // A stored "yes": the next page loads the tag manager at once and no banner code.
  seen.length = 0;
  await page.goto('/free-sim');
  await expect.poll(() => page.evaluate(() => (window as { gtmLoads?: number }).gtmLoads)).toBe(1);
  expect(seen.filter(bannerCode)).toEqual([]);

  // Cookie settings at the foot of the page: analytics and marketing off → saved, the page reloads without the tags.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  await expectNoAxeViolations(page);
  await settings.getByRole('checkbox', { name: 'Analytics' }).uncheck({ force: true });
  await settings.getByRole('checkbox', { name: 'Marketing' }).uncheck({ force: true });
  seen.length = 0;
  await settings.getByRole('button', { name: 'Save my choice' }).click();
  await expect.poll(() => storedCategories(page)).toEqual(['necessary']);
  await page.waitForLoadState('load');
  await expect(settings).toBeHidden();
  expect(await page.evaluate(() => (window as { gtmLoads?: number }).gtmLoads)).toBeUndefined();
  expect(seen.filter(tagManager)).toEqual([]);
});

test('the bar covers neither the navigation nor a page’s first action, and the keyboard reaches what lies under it', async ({
  page,
  viewport,
}) => {
  const mobile = (viewport?.width ?? 0) < 992;
  for (const [path, action] of [
    ['/', page.getByRole('link', { name: 'Order a free SIM' }).first()],
    ['/free-sim', page.getByRole('main').getByRole('link').first()],
    ['/memberships', page.getByRole('main').getByRole('link').first()],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole('dialog', { name: 'Cookies on 48' })).toBeVisible();
    const nav = mobile
      ? page.getByRole('button', { name: 'Menu' })
      : page.getByRole('link', { name: 'Sign in' }).filter({ visible: true });
    expect(await uncovered(nav), `navigation on ${path}`).toBe(true);
    expect(await uncovered(action), `first action on ${path}`).toBe(true);
  }
  // The log-in form's button may start under the bar on a phone: focusing it scrolls it clear.
  await page.goto('/log-in');
  await expect(page.getByRole('dialog', { name: 'Cookies on 48' })).toBeVisible();
  const submit = page.getByRole('button', { name: 'Log in' });
  await expect(submit).toBeEnabled();
  await submit.focus();
  expect(await uncovered(submit)).toBe(true);
});

test('/cookies-details lists every cookie and storage key a member’s visit leaves, with purpose and lifetime', async ({
  page,
  member,
}) => {
  test.slow();
  const { affiliateId } = await member('recruiter');
  const { email } = await member('unlimited');
  await page.goto(`/friend?affiliateId=${affiliateId}`);
  await page.getByRole('dialog', { name: 'Cookies on 48' }).getByRole('button', { name: 'Necessary only' }).click();
  // A friend's link is remembered (local storage) once the page knows the recruiter (the bar can be
  // answered sooner); the log-in goes back to it.
  await expect
    .poll(() => page.evaluate(() => localStorage.getItem('recruiterURL')))
    .toBe(`/friend?affiliateId=${affiliateId}`);
  await logIn(page, email);
  await expect(page).toHaveURL(new RegExp(`/friend\\?affiliateId=${affiliateId}$`));
  await page.goto('/my48');
  await expect(page.getByRole('heading', { level: 1, name: 'Your dashboard' })).toBeVisible();
  await page.goto('/my48/settings');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  const cookies = (await page.context().cookies()).map((c) => c.name);
  const storage = await page.evaluate(() => [...Object.keys(localStorage), ...Object.keys(sessionStorage)]);
  expect(cookies).toEqual(expect.arrayContaining(['authCode', 'XSRF-TOKEN', 'gg_bind', CONSENT_COOKIE]));

  await page.goto('/cookies-details');
  for (const name of [...cookies, ...storage]) {
    const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name, exact: true }) });
    await expect(row, name).toHaveCount(1);
    await expect(row.getByRole('cell').first(), name).not.toBeEmpty();
  }
  for (const name of [
    'dashboardNotification',
    'ugl',
    'zendeskUser',
    'marketingCarouselFlag',
    'refferedUser',
    'recruiterURL',
    'splash',
    '_ga',
  ]) {
    await expect(page.getByRole('rowheader', { name, exact: true }), name).toHaveCount(1);
  }
  await expectNoAxeViolations(page);
  // The page's own button opens the settings.
  await page.getByRole('button', { name: 'Change cookie settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Cookie settings' })).toBeHidden();
});

test('"Choose" on the bar opens the settings and a choice saved there ends the bar; the settings open on a choice the bar stored', async ({
  page,
}) => {
  await page.goto('/help');
  const bar = page.getByRole('dialog', { name: 'Cookies on 48' });
  await bar.getByRole('button', { name: 'Choose' }).click();
  const settings = page.getByRole('dialog', { name: 'Cookie settings' });
  await expect(settings).toBeVisible();
  // The bar steps aside while the settings show, and comes back when they close with nothing chosen.
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(bar).toBeVisible();
  // The same when the settings are opened from the foot of the page while the bar asks.
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings).toBeVisible();
  await expect(bar).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(bar).toBeVisible();
  await bar.getByRole('button', { name: 'Choose' }).click();
  await expect(settings).toBeVisible();
  await settings.getByRole('checkbox', { name: 'Analytics' }).check({ force: true });
  await settings.getByRole('button', { name: 'Save my choice' }).click();
  await expect(settings).toBeHidden();
  await expect(bar).toHaveCount(0);
  expect(await storedCategories(page)).toEqual(['necessary', 'analytics']);

  // The bar's own choice, read by the settings: both switches on after "Accept all".
  await page.context().clearCookies();
  await page.goto('/help');
  await bar.getByRole('button', { name: 'Accept all' }).click();
  await expect(bar).toHaveCount(0);
  await page.getByRole('button', { name: 'Cookie settings' }).click();
  await expect(settings).toBeVisible();
  await expect(settings.getByRole('checkbox', { name: 'Analytics' })).toBeChecked();
  await expect(settings.getByRole('checkbox', { name: 'Marketing' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(settings).toBeHidden();
  await expect(bar).toHaveCount(0);
});
