import { expect, type Page } from '@playwright/test';
import { MEMBER_CACHE } from '../../src/lib/offline-names.ts';
import { expectNoAxeViolations, test, workerKeepsFigures } from './fixtures.ts';

/**
 * docs/product/phone.md "Offline": the service worker registered by my48, the last balance offline with
 * "You're offline" and "as of", its refresh when the connection returns, and nothing of the member
 * kept after a log-out or a 401. Offline is Chromium's own (the context's network is cut, the
 * worker's fetches included), not a stand-in.
 */

test('offline, /my48 shows the last balance with "as of", actions off and why; back online the banner goes', async ({
  page,
  openAs,
}) => {
  await openAs('unlimited', '/my48');
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible();
  const credit = await page
    .locator('.tile', { has: page.getByRole('heading', { name: 'Credit' }) })
    .locator('.tile__figure')
    .innerText();
  // Registered from /my48, at the site's root.
  expect(await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL)).toMatch(/\/sw\.js$/);
  await workerKeepsFigures(page);

  await page.context().setOffline(true);
  const started = Date.now();
  await page.reload();
  const banner = page.getByRole('status').filter({ hasText: "You're offline" });
  await expect(banner).toContainText(/Figures as of \d{2}:\d{2}, \d{1,2} [A-Z][a-z]+\./);
  const shownIn = Date.now() - started;
  await expect(page.locator('.tile', { has: page.getByRole('heading', { name: 'Credit' }) })).toContainText(credit);
  await expect(page.getByText('Unlimited').first()).toBeVisible();
  test.info().annotations.push({ type: 'offline balance shown (ms)', description: String(shownIn) });
  // Actions that need the network are shown off, and say why (the banner's sentence).
  const addCredit = page.getByRole('link', { name: 'Add credit' });
  await expect(addCredit).toHaveAttribute('aria-disabled', 'true');
  await expect(addCredit).toHaveAccessibleDescription(/need a connection/);
  await expectNoAxeViolations(page, 'offline dashboard');
  // Another screen says it needs the network.
  const nav = page.getByRole('navigation', { name: 'my48' });
  // The side menu's Memberships, or the phone's tab of it (Plans).
  await nav
    .getByRole('link', { name: 'Memberships', exact: true })
    .or(nav.getByRole('link', { name: 'Plans', exact: true }))
    .first()
    .click();
  await expect(page.getByText('This needs a connection.')).toBeVisible();
  await page.getByRole('link', { name: 'See your last balance' }).click();

  // The connection comes back: the figures are read again by themselves and the banner goes.
  await page.context().setOffline(false);
  await expect(banner).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Add credit' })).not.toHaveAttribute('aria-disabled');
});

/** A member's dashboard opened, its figures kept by the worker, then signed out at /log-out. */
async function visitThenLogOut(page: Page, signIn: (like: string) => Promise<unknown>, like: string) {
  await signIn(like);
  await page.goto('/my48');
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible();
  await workerKeepsFigures(page);
  await page.goto('/log-out');
  await page.waitForURL((url) => url.pathname === '/');
}

test('after log-out, /my48 offline asks for a log-in and shows nothing of the member', async ({ page, signIn }) => {
  await visitThenLogOut(page, signIn, 'onboard');
  expect(await page.evaluate((name) => caches.has(name), MEMBER_CACHE)).toBe(false);

  await page.context().setOffline(true);
  await page.goto('/my48');
  await page.waitForURL(/\/log-in/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  await expect(page.getByText("You're offline")).toHaveCount(0);
  await expect(page.getByText('€')).toHaveCount(0);
  await page.context().setOffline(false);
});

test('a 401 forgets the kept figures: the session ended elsewhere, /my48 offline shows no balance', async ({
  page,
  openAs,
}) => {
  await openAs('lapsed', '/my48');
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible();
  await workerKeepsFigures(page);
  // The session ends on the server (another tab logged out), the browser keeps its cookie.
  const ended = await page.evaluate(async () => {
    const cookie = (name: string) =>
      decodeURIComponent(
        document.cookie
          .split('; ')
          .find((c) => c.startsWith(`${name}=`))
          ?.split('=')[1] ?? '',
      );
    const headers = { 'x-gg-auth': cookie('authCode'), 'x-gg-transaction': cookie('ggTransaction') };
    return (await fetch('/panda/protected/logout/users', { headers })).status;
  });
  expect(ended).toBeLessThan(300);
  // The reload's own navigation is cut short by the guard's move to /log-in (waitForURL then saw ERR_ABORTED once): the address is polled.
  await page.reload().catch(() => undefined);
  await expect(page).toHaveURL(/\/log-in/);
  expect(await page.evaluate((name) => caches.has(name), MEMBER_CACHE)).toBe(false);

  await page.context().setOffline(true);
  await page.goto('/my48');
  await page.waitForURL(/\/log-in/);
  await expect(page.getByText('€')).toHaveCount(0);
  await page.context().setOffline(false);
});

test('offline with no figures kept for this member yet: my48 says so, and reads them when back online', async ({
  page,
  signIn,
}) => {
  test.setTimeout(60_000);
  // The worker is installed by one member's visit; another member signs in and goes offline at once.
  await visitThenLogOut(page, signIn, 'onboard');
  await signIn('lapsed');
  await page.context().setOffline(true);
  await page.goto('/my48');
  await expect(page.getByText("You're offline, and this device has no saved balance yet.")).toBeVisible();
  await expect(page.getByText('The service is unavailable')).toHaveCount(0);
  await page.context().setOffline(false);
  // By the browser's "online", or at the latest by the 15-second retry (CI took 18 s once): room for both.
  await expect(page.getByRole('heading', { name: 'Credit' })).toBeVisible({ timeout: 35_000 });
});
