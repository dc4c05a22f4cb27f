import { expect, request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { TEST_PUSH } from '../../src/contract/push.schema.ts';
import { expectNoAxeViolations, logIn, test } from './fixtures.ts';

/**
 * Notifications on this device (docs/product/phone.md) with the push service stood in for: Chromium's own push
 * service (FCM) is out of reach here, so the page's PushManager hands out a subscription of the
 * stand-in (tests/setup/push-service.ts) with keys it made; everything after is real: the server
 * keeps it, signs with VAPID, encrypts with aes128gcm and sends over https; the stand-in decrypts.
 */
const origin = process.env['E2E_PUSH_ORIGIN']!;

async function received(service: APIRequestContext, device: string) {
  return (await (await service.get(`${origin}/received/${device}`)).json()) as {
    message: { title: string; body: string; url: string };
  }[];
}

test('the switch turns notifications on; the test button and an 80 % data alert arrive as decryptable pushes', async ({
  page,
  context,
  openAs,
}, testInfo) => {
  test.setTimeout(60_000);
  const service = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  const device = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`;
  const subscription = (await (await service.get(`${origin}/devices/${device}`)).json()) as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  await context.grantPermissions(['notifications']);
  await page.addInitScript((sub) => {
    let current: unknown = null;
    const make = () => ({
      endpoint: sub.endpoint,
      toJSON: () => sub,
      unsubscribe: async () => {
        current = null;
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      current = make();
      return current as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return current as PushSubscription | null;
    };
  }, subscription);

  // A copy of giftee@: a BDDT00 membership of 30 GB, made for this journey.
  const me = await openAs('giftee', '/my48/settings/alerts');
  const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
  await expect(toggle).not.toBeChecked();
  await expectNoAxeViolations(page, 'alerts with the switch');
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are on for this device.' })).toBeVisible();
  await expect(toggle).toBeChecked();

  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We sent a test notification to 1 device.' })).toBeVisible();
  await expect.poll(async () => (await received(service, device)).map((d) => d.message)).toContainEqual(TEST_PUSH);

  // The network reports 22 GB more (28 GB used of 30): past 80 %, short of 100 %. The alert is raised and pushed to the device.
  const usage = await page.request.post('/sandbox/usage', { data: { msisdn: me.msisdn, data_gb: 22 } });
  expect(usage.status()).toBe(200);
  expect(await usage.json()).toMatchObject({ events: [{ outcome: 'applied' }] });
  await expect
    .poll(async () => (await received(service, device)).map((d) => d.message.title))
    .toContain('You have used 80 % of your data');
  const alert = (await received(service, device)).find((d) => d.message.title.includes('80 %'))!;
  expect(alert.message.url).toBe('/my48/addons');

  // Off: the server forgets the device.
  await toggle.click();
  await expect(page.getByRole('status').filter({ hasText: 'Notifications are off for this device.' })).toBeVisible();
  await page.getByRole('button', { name: 'Send a test notification' }).click();
  await expect(
    page.getByRole('status').filter({ hasText: 'No device of yours has notifications on just now.' }),
  ).toBeVisible();
  await service.dispose();
});

test('a shared device: the next member to sign in finds the switch off, and the last one’s subscription gone', async ({
  page,
  context,
  openAs,
  member,
}) => {
  test.setTimeout(60_000);
  const service = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  const subscription = (await (await service.get(`${origin}/devices/shared-${Date.now().toString(36)}`)).json()) as {
    endpoint: string;
    keys: { p256dh: string; auth: string };
  };
  await context.grantPermissions(['notifications']);
  // The browser's subscription outlives page loads, as a real one does (kept here in localStorage).
  await page.addInitScript((sub) => {
    const KEY = 'e2e-push-subscription';
    const make = () => ({
      endpoint: sub.endpoint,
      toJSON: () => sub,
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.subscribe = async function () {
      localStorage.setItem(KEY, '1');
      return make() as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      return (localStorage.getItem(KEY) ? make() : null) as PushSubscription | null;
    };
  }, subscription);

  // vault@ turns notifications on, then leaves without signing out (the session runs out).
  await openAs('vault', '/my48/settings/alerts');
  const toggle = page.getByRole('switch', { name: 'Notifications on this device' });
  await toggle.click();
  await expect(toggle).toBeChecked();
  await context.clearCookies();

  // donor@ signs in on the same browser: the device is not theirs for notifications.
  await logIn(page, (await member('donor')).email);
  await expect(page).toHaveURL(/\/my48$/);
  await page.goto('/my48/settings/alerts');
  await expect(page.getByRole('button', { name: 'Send a test notification' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Notifications on this device' })).not.toBeChecked();
  expect(await page.evaluate(() => localStorage.getItem('e2e-push-subscription'))).toBeNull();
  await service.dispose();
});
