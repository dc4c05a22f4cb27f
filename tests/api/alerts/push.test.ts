import { Agent } from 'node:https';
import { readFileSync } from 'node:fs';
import { desc, eq } from 'drizzle-orm';
import webpush from 'web-push';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { authApi } from '../../../src/contract/auth.schema.ts';
import { householdRequestsApi } from '../../../src/contract/household-requests.schema.ts';
import { pushApi, pushFailures, TEST_PUSH } from '../../../src/contract/push.schema.ts';
import { PUSH_DEVICES_MAX } from '../../../src/contract/push.ts';
import { passwordRecoveryApi } from '../../../src/contract/password-recovery.schema.ts';
import { settingsApi } from '../../../src/contract/settings.schema.ts';
import { createApp } from '../../../src/server/app.ts';
import { alerts, outbox, pushSubscriptions, sessions } from '../../../src/server/db/schema.ts';
import { webPushSender } from '../../../src/server/integrations/push/index.ts';
import { runAlerts } from '../../../src/server/modules/money/index.ts';
import { sendAlertPushes } from '../../../src/server/modules/alerts/index.ts';
import { endpointAllowed } from '../../../src/server/modules/alerts/push.ts';
import { makeCertificate, startPushService, type PushService } from '../../setup/push-service.ts';
import { BUILT_PASSWORD, createMember, signIn } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { joinHousehold } from '../support/household.ts';
import { contentFiles } from '../support/content.ts';
import { forEachDatabase, harnessPublishing, withCheckedErrors, type TestContext } from '../support/harness.ts';

/**
 * Web Push (docs/product/phone.md) sent for real: web-push signs with VAPID and encrypts with aes128gcm, over
 * https to a stand-in push service (tests/setup/push-service.ts) that checks the signature and
 * decrypts with the device's keys. Endpoints that are not a push service are never contacted.
 */
const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:ops@48.ie' };
const tls = makeCertificate();
let service: PushService;
beforeAll(async () => {
  service = await startPushService({ tls });
});
afterAll(async () => service.close());

/** The app of the harness, with push set up: the stand-in's origin allowed, its certificate trusted. */
function pushApp(c: TestContext) {
  const sender = webPushSender(vapid, { agent: new Agent({ ca: readFileSync(tls.cert) }) });
  const config = { ...c.config, push: { vapid, endpointOrigins: [service.origin] } };
  const app = withCheckedErrors(
    createApp({
      db: c.handle.db,
      config,
      clock: () => c.clock.now,
      payments: c.payments,
      content: contentFiles(),
      publishing: harnessPublishing(),
      push: sender,
    }),
  );
  return { app, sender, ctx: { app, handle: c.handle, clock: c.clock } };
}

/** The member's newest session (the one their built session opened). */
const sessionOf = async (c: TestContext, memberId: number) =>
  (
    await c.handle.db
      .select({ id: sessions.id })
      .from(sessions)
      .where(eq(sessions.memberId, memberId))
      .orderBy(desc(sessions.id))
      .limit(1)
  )[0]!.id;

let n = 0;
const deviceName = (prefix = 'phone') => `${prefix}-${++n}-${Date.now().toString(36)}`;

forEachDatabase('push', { seed: 'catalogue' }, (ctx) => {
  it('the switch keeps a device; the test button reaches every device, decryptable, signed with our key', async () => {
    const { app, ctx: b } = pushApp(ctx());
    const m = await createMember(b);
    const params = { user_id: m.userId };
    const state = await ok(app, pushApi.state, { session: m.session, params });
    expect(state._payload).toEqual({ public_key: vapid.publicKey, devices: 0, this_device: false });
    const [phone, laptop] = [deviceName(), deviceName('laptop')];
    await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(phone) });
    const two = await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(laptop) });
    expect(two._payload.devices).toBe(2);
    const sent = await ok(app, pushApi.test, { session: m.session, params });
    expect(sent._payload).toEqual({ sent: 2, message: 'We sent a test notification to 2 devices.' });
    for (const name of [phone, laptop]) {
      const [delivery] = service.received(name);
      expect(delivery?.message).toEqual(TEST_PUSH);
      expect(delivery?.vapidKey).toBe(vapid.publicKey);
    }
    // Off: the device goes, and gets nothing more.
    await ok(app, pushApi.unsubscribe, {
      session: m.session,
      params,
      body: { endpoint: service.device(laptop).endpoint },
    });
    expect((await ok(app, pushApi.test, { session: m.session, params }))._payload.sent).toBe(1);
    expect(service.received(laptop)).toHaveLength(1);
  });

  it('an 80 % data alert is pushed once to the member’s devices; a 410 removes the subscription', async () => {
    const c = ctx();
    const { app, sender, ctx: b } = pushApp(c);
    const m = await createMember(b, { membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 26 } });
    const params = { user_id: m.userId };
    const [phone, gone] = [deviceName(), deviceName('gone')];
    await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(phone) });
    await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(gone) });
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    await runAlerts(jobs);
    expect(await sendAlertPushes(jobs, sender, [service.origin])).toBe(1);
    expect(service.received(phone).map((d) => d.message)).toEqual([
      {
        title: 'You have used 80 % of your data',
        body: expect.stringContaining('You have used over 80 % of the data of your Data Plus €9.99 Membership'),
        url: '/my48/addons',
      },
    ]);
    // The push service said the other subscription is gone: it is removed.
    const left = await c.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.userId));
    expect(left.map((s) => s.endpoint)).toEqual([service.device(phone).endpoint]);
    // Once per cause: the next run sends nothing.
    await runAlerts(jobs);
    expect(await sendAlertPushes(jobs, sender, [service.origin])).toBe(0);
    expect(service.received(phone)).toHaveLength(1);
    const [alert] = await c.handle.db.select().from(alerts).where(eq(alerts.memberId, m.userId));
    expect(alert?.pushedAt).not.toBeNull();
  });

  it('a request to a household is pushed at once to the owner’s phone, and its answer to the line’s', async () => {
    const c = ctx();
    const { app, ctx: b } = pushApp(c);
    const withPlan = { membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 1 } } as const;
    const owner = await createMember(b, { ...withPlan, creditCents: 2000, firstname: 'Fiona', lastname: 'Byrne' });
    const line = await createMember(b, { ...withPlan, firstname: 'Aoife', lastname: 'Byrne' });
    await joinHousehold({ ...c, app }, owner, line);
    const [ownerPhone, linePhone] = [deviceName(), deviceName()];
    await ok(app, pushApi.subscribe, {
      session: owner.session,
      params: { user_id: owner.userId },
      body: service.device(ownerPhone),
    });
    await ok(app, pushApi.subscribe, {
      session: line.session,
      params: { user_id: line.userId },
      body: service.device(linePhone),
    });
    const asked = await ok(app, householdRequestsApi.ask, {
      session: line.session,
      params: { user_id: line.userId, ssn: line.ssn },
      body: { kind: 'credit', amount_cents: 1000 },
    });
    // No job ran: the request itself pushed it.
    expect(service.received(ownerPhone).map((d) => d.message)).toEqual([
      {
        title: 'Aoife Byrne asks: €10.00 credit',
        body: expect.stringContaining('Approve or decline it in my48'),
        url: '/my48/household',
      },
    ]);
    await ok(app, householdRequestsApi.approve, {
      session: owner.session,
      params: { user_id: owner.userId, id: String(asked._payload.id) },
      body: { from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    expect(service.received(linePhone).map((d) => d.message)).toEqual([
      {
        title: 'Your request was approved',
        body: 'Fiona Byrne approved your request: €10.00 credit.',
        url: '/my48/settings/household',
      },
    ]);
  });

  it('refused endpoints (http, private addresses, unknown hosts, other ports) get a 400 and are never contacted', async () => {
    const c = ctx();
    const { app, ctx: b } = pushApp(c);
    const m = await createMember(b);
    const params = { user_id: m.userId };
    const keys = service.device(deviceName()).keys;
    const port = new URL(service.origin).port;
    const before = service.contacted.length;
    for (const endpoint of [
      `http://localhost:${port}/push/x`,
      `https://127.0.0.1:${port}/push/x`,
      'https://10.0.0.1/push/x',
      'https://169.254.169.254/latest/meta-data',
      'https://fcm.googleapis.com.evil.example/fcm/send/x',
      'https://fcm.googleapis.com:8443/fcm/send/x',
      'https://user:pw@fcm.googleapis.com/fcm/send/x',
      'ftp://fcm.googleapis.com/x',
    ])
      await refused(
        app,
        pushApi.subscribe,
        { session: m.session, params, body: { endpoint, keys } },
        pushFailures.endpointRefused,
      );
    expect((await ok(app, pushApi.state, { session: m.session, params }))._payload.devices).toBe(0);
    // A kept subscription no longer allowed (the list changed): removed, not contacted.
    await c.handle.db.insert(pushSubscriptions).values({
      memberId: m.userId,
      sessionId: await sessionOf(c, m.userId),
      endpoint: `https://127.0.0.1:${port}/push/stale`,
      p256dh: keys.p256dh,
      auth: keys.auth,
      createdAt: c.clock.now,
    });
    expect((await ok(app, pushApi.test, { session: m.session, params }))._payload.sent).toBe(0);
    expect(service.contacted.length).toBe(before);
    expect(
      await c.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.userId)),
    ).toHaveLength(0);
    // Bad keys are a 400 too.
    const bad = await send(app, pushApi.subscribe, {
      session: m.session,
      params,
      body: { endpoint: service.device(deviceName()).endpoint, keys: { p256dh: 'short', auth: keys.auth } },
    });
    expect(bad.status).toBe(400);
  });

  it('the browsers’ push services are allowed; log-out of the device removes its subscription', async () => {
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://db5p.notify.windows.com/w/?token=abc',
    ])
      expect(endpointAllowed(endpoint, []), endpoint).toBe(true);
    const { app, ctx: b } = pushApp(ctx());
    const m = await createMember(b);
    const params = { user_id: m.userId };
    await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(deviceName()) });
    await ok(app, authApi.logOut, { session: m.session });
    const { _payload } = await ok(app, pushApi.state, { session: await signIn(b, m), params });
    expect(_payload.devices).toBe(0);
  });

  it('a subscription ends with its session: a password change ends the other devices’, a reset all of them', async () => {
    const c = ctx();
    const { app, ctx: b } = pushApp(c);
    const m = await createMember(b);
    const params = { user_id: m.userId };
    const laptop = await signIn(b, m);
    const [phone, other] = [deviceName(), deviceName('laptop')];
    await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(phone) });
    await ok(app, pushApi.subscribe, { session: laptop, params, body: service.device(other) });
    // Each session sees its own device as on, and only its own.
    expect((await ok(app, pushApi.state, { session: m.session, params }))._payload).toMatchObject({
      devices: 2,
      this_device: true,
    });
    // A third session on a shared device sees the switch off there.
    const third = await signIn(b, m);
    expect((await ok(app, pushApi.state, { session: third, params }))._payload.this_device).toBe(false);
    await ok(app, settingsApi.changePassword, {
      session: m.session,
      params,
      body: { current_password: BUILT_PASSWORD, new_password: 'Changed-pass-2026' },
    });
    const kept = await c.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.userId));
    expect(kept.map((s) => s.endpoint)).toEqual([service.device(phone).endpoint]);
    expect((await ok(app, pushApi.test, { session: m.session, params }))._payload.sent).toBe(1);
    expect(service.received(other)).toHaveLength(0);
    // A reset ends every session, and every subscription with them.
    await send(app, passwordRecoveryApi.requestReset, { body: { email: m.email } });
    const [mail] = await c.handle.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, m.email))
      .orderBy(desc(outbox.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail!.body)![1]!;
    await ok(app, passwordRecoveryApi.setPassword, { body: { token, password: 'Reset-pass-2026' } });
    expect(await c.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.userId))).toEqual(
      [],
    );
  });

  it(`at most ${PUSH_DEVICES_MAX} devices a member: a new one replaces the oldest`, async () => {
    const c = ctx();
    const { app, ctx: b } = pushApp(c);
    const m = await createMember(b);
    const params = { user_id: m.userId };
    const names = Array.from({ length: PUSH_DEVICES_MAX + 2 }, () => deviceName());
    for (const name of names) {
      await ok(app, pushApi.subscribe, { session: m.session, params, body: service.device(name) });
      c.clock.advance(1000);
    }
    const kept = await c.handle.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, m.userId));
    expect(kept.map((s) => s.endpoint).sort()).toEqual(
      names
        .slice(2)
        .map((name) => service.device(name).endpoint)
        .sort(),
    );
  });

  it('without VAPID keys the API says push is not set up (503), never a 500', async () => {
    const c = ctx();
    const { push: _, ...config } = c.config;
    const app = withCheckedErrors(
      createApp({ db: c.handle.db, config, clock: () => c.clock.now, payments: c.payments, content: contentFiles() }),
    );
    const m = await createMember({ app, handle: c.handle, clock: c.clock });
    const params = { user_id: m.userId };
    expect((await ok(app, pushApi.state, { session: m.session, params }))._payload.public_key).toBeNull();
    const body = service.device(deviceName());
    await refused(app, pushApi.subscribe, { session: m.session, params, body }, pushFailures.notSetUp);
    await refused(app, pushApi.test, { session: m.session, params }, pushFailures.notSetUp);
  });
});
