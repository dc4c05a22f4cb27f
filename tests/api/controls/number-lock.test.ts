import { desc, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { numberLockApi, numberLockFailures, numberLockMessages } from '../../../src/contract/number-lock.schema.ts';
import { simSettingsApi, simSettingsFailures } from '../../../src/contract/sim-settings.schema.ts';
import { stepUpFailures } from '../../../src/contract/step-up.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { tellLineChanges } from '../../../src/server/modules/controls/line-changes/line-changes.service.ts';
import { makeDueLockedChanges } from '../../../src/server/modules/controls/number-lock/locked-changes.ts';
import { endNumberLocks } from '../../../src/server/modules/controls/number-lock/number-lock.service.ts';
import { BUILT_PASSWORD, createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { sendNetworkEvent } from '../support/network-use.ts';
import { forEachDatabase, harnessApp, stepUpCode, type TestContext } from '../support/harness.ts';
import { pushApi } from '../../../src/contract/push.schema.ts';

/**
 * The number lock (docs/product/member-controls.md): on with a step-up code; a change of SIM then
 * needs a second mailed code and is made 24 hours later (cancellable); a port-out asked for a locked
 * number is flagged to the member and the desk, never refused.
 */

const HOUR = 3600_000;
const me = (m: BuiltMember) => ({ user_id: m.userId });
const line = (m: BuiltMember) => ({ user_id: m.userId, ssn: m.ssn });

async function lockOn(c: TestContext, m: BuiltMember, on = true) {
  const code = await stepUpCode(c, m.session, 'numberLock');
  return ok(c.app, numberLockApi.set, { session: m.session, params: me(m), body: { on }, stepUpCode: code });
}

const newestMail = async (c: TestContext, m: BuiltMember) =>
  (
    await c.handle.db
      .select()
      .from(schema.outbox)
      .where(eq(schema.outbox.to, m.email))
      .orderBy(desc(schema.outbox.id))
      .limit(1)
  )[0]!;
const mailedCode = async (c: TestContext, m: BuiltMember) =>
  /security code is (\d{6})/.exec((await newestMail(c, m)).body)![1]!;

const ask = async (c: TestContext, m: BuiltMember, code?: string) =>
  send(c.app, numberLockApi.ask, {
    session: m.session,
    params: line(m),
    body: { kind: 'esim', password: BUILT_PASSWORD },
    stepUpCode: code ?? (await stepUpCode(c, m.session, 'sim')),
  });
const confirm = (c: TestContext, m: BuiltMember, code: string | undefined) =>
  send(c.app, numberLockApi.confirm, { session: m.session, params: line(m), ...(code ? { stepUpCode: code } : {}) });
const simsOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db.select().from(schema.sims).where(eq(schema.sims.memberId, m.userId));
const jobs = (c: TestContext) => makeDueLockedChanges({ db: c.handle.db, clock: () => c.clock.now });

forEachDatabase('number lock', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('on, a change to an eSIM needs a second mailed code and is made 24 hours later; the member is told at each step', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Siún' });
    const noCode = await send(c.app, numberLockApi.set, { session: m.session, params: me(m), body: { on: true } });
    expect(noCode.status).toBe(403);
    const { _payload: locked } = await lockOn(c, m);
    expect(locked).toMatchObject({ on: true, changes: [] });
    expect((await newestMail(c, m)).subject).toBe('Your number lock is on');

    // Straight away is refused while locked, and the code it came with stays usable.
    const code = await stepUpCode(c, m.session, 'sim');
    const direct = await send(c.app, simSettingsApi.changeToEsim, {
      session: m.session,
      params: line(m),
      body: { password: BUILT_PASSWORD },
      stepUpCode: code,
    });
    expect(direct.status).toBe(423);
    expect((await direct.json())._payload.code).toBe(simSettingsFailures.numberLocked.code);

    const asked = await ask(c, m, code);
    expect(asked.status).toBe(202);
    const { _payload: change } = await asked.json();
    expect(change).toMatchObject({ kind: 'esim', state: 'confirm', due_at: null, ssn: m.ssn });
    expect(change.message).toMatch(
      /^We have e-mailed a code to .+\. Enter it to confirm the change: it happens 24 hours later\.$/,
    );
    // Told at once: the code's mail says what it confirms.
    expect((await newestMail(c, m)).body).toContain(
      'confirm the change of SIM you asked for (it happens 24 hours later)',
    );
    const second = await mailedCode(c, m);

    await refused(c.app, numberLockApi.confirm, { session: m.session, params: line(m) }, stepUpFailures.stepUpMissing);
    const confirmed = await ok(c.app, numberLockApi.confirm, {
      session: m.session,
      params: line(m),
      stepUpCode: second,
    });
    expect(confirmed._payload.state).toBe('waiting');
    expect(new Date(confirmed._payload.due_at!).getTime()).toBe(c.clock.now.getTime() + 24 * HOUR);
    expect((await newestMail(c, m)).subject).toMatch(
      /^Your number moves to an eSIM on \w+, \d+ November at \d\d:\d\d$/,
    );
    const { _payload: state } = await ok(c.app, numberLockApi.state, { session: m.session, params: me(m) });
    expect(state.changes.map((x) => x.state)).toEqual(['waiting']);

    c.clock.advance(23 * HOUR);
    expect(await jobs(c)).toBe(0);
    expect((await simsOf(c, m)).map((s) => [s.ssn, s.status])).toEqual([[m.ssn, 'active']]);
    c.clock.advance(HOUR + 60_000);
    expect(await jobs(c)).toBe(1);
    expect(await jobs(c)).toBe(0);
    const after = await simsOf(c, m);
    const esim = after.find((s) => s.kind === 'esim')!;
    expect(esim).toMatchObject({ msisdn: m.msisdn, status: 'active' });
    expect(after.find((s) => s.ssn === m.ssn)).toMatchObject({ status: 'inactive', msisdn: null });
    // The change made is a change like any other: mailed with "this wasn't me".
    await tellLineChanges({ db: c.handle.db, clock: () => c.clock.now, siteUrl: 'https://www.48.ie', pushOrigins: [] });
    expect((await newestMail(c, m)).subject).toBe('Your number moved to an eSIM: was this you?');
    const back = await signIn(c, m);
    expect((await ok(c.app, numberLockApi.state, { session: back, params: me(m) }))._payload.changes).toEqual([]);
  });

  it('a change waiting under the lock is cancelled without a code, and then never made', async () => {
    const c = ctx();
    const m = await createMember(c);
    await lockOn(c, m);
    expect((await ask(c, m)).status).toBe(202);
    await ok(c.app, numberLockApi.confirm, { session: m.session, params: line(m), stepUpCode: await mailedCode(c, m) });
    const cancelled = await ok(c.app, numberLockApi.cancel, { session: m.session, params: line(m) });
    expect(cancelled._payload.message).toBe(numberLockMessages.cancelled);
    await refused(c.app, numberLockApi.cancel, { session: m.session, params: line(m) }, numberLockFailures.noChange);
    c.clock.advance(25 * HOUR);
    expect(await jobs(c)).toBe(0);
    expect((await simsOf(c, m)).map((s) => s.ssn)).toEqual([m.ssn]);
  });

  it('twenty at once: one change asked for, confirmed once, cancelled once; the lock switched once', async () => {
    const c = ctx();
    const m = await createMember(c);
    const code = await stepUpCode(c, m.session, 'numberLock');
    const switched = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(c.app, numberLockApi.set, { session: m.session, params: me(m), body: { on: true }, stepUpCode: code }),
      ),
    );
    expect(switched.filter((r) => r.status === 200)).toHaveLength(1);
    const lockMails = (await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email))).filter(
      (o) => o.subject === 'Your number lock is on',
    );
    expect(lockMails).toHaveLength(1);

    const simCode = await stepUpCode(c, m.session, 'sim');
    const asks = await Promise.all(Array.from({ length: 20 }, () => ask(c, m, simCode)));
    expect(asks.filter((r) => r.status === 202)).toHaveLength(1);
    // The others: already asked (409), the code used (403), or past the limit on asks a window (429).
    expect(asks.map((r) => r.status).filter((s) => ![202, 403, 409, 429].includes(s))).toEqual([]);
    const second = await mailedCode(c, m);
    const confirms = await Promise.all(Array.from({ length: 20 }, () => confirm(c, m, second)));
    expect(confirms.filter((r) => r.status === 200)).toHaveLength(1);
    const cancels = await Promise.all(
      Array.from({ length: 20 }, () => send(c.app, numberLockApi.cancel, { session: m.session, params: line(m) })),
    );
    expect(cancels.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(404)]);
    const rows = await c.handle.db
      .select()
      .from(schema.lockedChanges)
      .where(eq(schema.lockedChanges.memberId, m.userId));
    expect(rows.map((r) => [r.confirmedAt !== null, r.cancelledAt !== null])).toEqual([[true, true]]);
    // Asked off twenty times with one code: going off once, told once; kept on twenty times at once: once.
    const offCode = await stepUpCode(c, m.session, 'numberLock');
    const offs = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(c.app, numberLockApi.set, { session: m.session, params: me(m), body: { on: false }, stepUpCode: offCode }),
      ),
    );
    expect(offs.filter((r) => r.status === 200)).toHaveLength(1);
    const goingOff = (await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email))).filter((o) =>
      o.subject.startsWith('Your number lock goes off on '),
    );
    expect(goingOff).toHaveLength(1);
    const keeps = await Promise.all(
      Array.from({ length: 20 }, () => send(c.app, numberLockApi.keep, { session: m.session, params: me(m) })),
    );
    expect(keeps.map((r) => r.status).sort()).toEqual([200, ...Array<number>(19).fill(409)]);
  });

  it('in the member’s language: a Polish member asks the lock off and keeps it on; the notices and mails are Polish', async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Zofia', language: 'pl' });
    await lockOn(c, m);
    expect((await newestMail(c, m)).subject).toBe('Blokada numeru jest włączona');
    const code = await stepUpCode(c, m.session, 'numberLock');
    await ok(c.app, numberLockApi.set, { session: m.session, params: me(m), body: { on: false }, stepUpCode: code });
    const mail = await newestMail(c, m);
    expect(mail.subject).toMatch(/^Blokada numeru wyłączy się: \p{Ll}+, \d+ listopada \d\d:\d\d$/u);
    expect(mail.body).toMatch(
      /^Cześć Zofia,\n\nPoproszono o wyłączenie blokady numeru\. Wyłączy się .+, za 24 godziny;/,
    );
    await ok(c.app, numberLockApi.keep, { session: m.session, params: me(m) });
    const kept = await newestMail(c, m);
    expect(kept.subject).toBe('Blokada numeru pozostaje włączona');
    expect(kept.body).toContain('Jeśli to nie Ty, zmień hasło i natychmiast się z nami skontaktuj.');
    const titles = (
      await c.handle.db.select().from(schema.notifications).where(eq(schema.notifications.memberId, m.userId))
    ).map((n) => n.title);
    expect(titles).toContain('Blokada numeru pozostaje włączona');
    expect(titles.some((t) => t.startsWith('Blokada numeru wyłączy się: '))).toBe(true);
  });

  it('in the member’s language: a Polish member’s change of SIM is asked, shown, confirmed and cancelled in Polish', async () => {
    const c = ctx();
    const m = await createMember(c, { language: 'pl' });
    await lockOn(c, m);
    const asked = await ask(c, m);
    expect(asked.status).toBe(202);
    expect((await asked.json())._payload.message).toMatch(
      /^Wysłaliśmy kod na adres .+\. Wpisz go, aby potwierdzić wymianę: nastąpi ona po 24 godzinach\.$/,
    );
    const state = await ok(c.app, numberLockApi.state, { session: m.session, params: me(m) });
    expect(state._payload.changes[0]!.message).toBe(
      'Poproszono o przeniesienie numeru na eSIM. Wpisz kod, który wysłaliśmy e-mailem, aby to potwierdzić.',
    );
    const code = /kod bezpieczeństwa to (\d{6})/.exec((await newestMail(c, m)).body)![1]!;
    const confirmed = await ok(c.app, numberLockApi.confirm, { session: m.session, params: line(m), stepUpCode: code });
    expect(confirmed._payload.message).toMatch(
      /^Twój numer zostanie przeniesiony na eSIM .+\. To nie Ty\? Anuluj teraz\.$/,
    );
    const cancelled = await ok(c.app, numberLockApi.cancel, { session: m.session, params: line(m) });
    expect(cancelled._payload.message).toBe('Wymiana karty SIM została anulowana. Twoja karta SIM zachowuje numer.');
  });

  it('off with a code takes effect 24 hours later: told at once by mail and push, kept on without a code, refusing SIM changes until then', async () => {
    const c = ctx();
    const m = await createMember(c);
    await lockOn(c, m);
    const endJob = () => endNumberLocks({ db: c.handle.db, clock: () => c.clock.now });
    // A device of the member's, subscribed to pushes; what the push service is handed is recorded.
    const pushed: { endpoint: string; payload: string }[] = [];
    const app = harnessApp(c, {
      push: {
        publicKey: 'test-key',
        send: async (target, payload) => (pushed.push({ endpoint: target.endpoint, payload }), 201),
      },
    });
    const device = 'https://fcm.googleapis.com/fcm/send/number-lock-test';
    await ok(app, pushApi.subscribe, {
      session: m.session,
      params: me(m),
      body: {
        endpoint: device,
        keys: { p256dh: Buffer.alloc(65, 4).toString('base64url'), auth: Buffer.alloc(16, 1).toString('base64url') },
      },
    });
    const code = await stepUpCode(c, m.session, 'numberLock');
    const { _payload: asked } = await ok(app, numberLockApi.set, {
      session: m.session,
      params: me(m),
      body: { on: false },
      stepUpCode: code,
    });
    // Still on: one mailed code cannot lift it at once.
    expect(asked).toMatchObject({ on: true, ends_at: new Date(c.clock.now.getTime() + 24 * HOUR).toISOString() });
    const mail = await newestMail(c, m);
    expect(mail.subject).toMatch(/^Your number lock goes off on /);
    expect(mail.body).toContain('keep it on in my48 → Settings → Security (no code needed)');
    expect(pushed.map((p) => p.endpoint)).toEqual([device]);
    expect(JSON.parse(pushed[0]!.payload)).toMatchObject({
      title: mail.subject,
      body: 'Not you? Tap to keep it on.',
      url: '/my48/settings/security',
    });
    // A change of SIM straight away is still refused (the lock holds); 23 hours on (signed in again), still.
    const direct = async (session: BuiltMember['session']) =>
      send(c.app, simSettingsApi.changeToEsim, {
        session,
        params: line(m),
        body: { password: BUILT_PASSWORD },
        stepUpCode: await stepUpCode(c, session, 'sim'),
      });
    expect((await direct(m.session)).status).toBe(simSettingsFailures.numberLocked.status);
    c.clock.advance(23 * HOUR);
    expect(await endJob()).toBe(0);
    let session = await signIn(c, m);
    expect((await direct(session)).status).toBe(simSettingsFailures.numberLocked.status);
    // The member keeps it on, without a code; asked again, nothing to keep.
    const { _payload: kept } = await ok(c.app, numberLockApi.keep, { session, params: me(m) });
    expect(kept).toMatchObject({ on: true, ends_at: null });
    await refused(c.app, numberLockApi.keep, { session, params: me(m) }, numberLockFailures.notGoingOff);
    c.clock.advance(2 * HOUR);
    expect(await endJob()).toBe(0);
    session = await signIn(c, m);
    expect((await ok(c.app, numberLockApi.state, { session, params: me(m) }))._payload.on).toBe(true);

    // Asked off again, and left: 24 hours later the job switches it off and says so.
    await lockOn(c, { ...m, session }, false);
    c.clock.advance(24 * HOUR);
    session = await signIn(c, m);
    expect(await endJob()).toBe(1);
    expect(await endJob()).toBe(0);
    expect((await newestMail(c, m)).subject).toBe('Your number lock is off');
    expect((await ok(c.app, numberLockApi.state, { session, params: me(m) }))._payload).toMatchObject({
      on: false,
      ends_at: null,
    });
    const res = await ask(c, { ...m, session });
    expect([res.status, (await res.json())._payload.code]).toEqual([409, numberLockFailures.lockOff.code]);
    expect((await direct(session)).status).toBe(201);
  });

  it('a port-out asked for a locked number is flagged to the member and the desk, and goes on', async () => {
    const c = ctx();
    const m = await createMember(c);
    const unlocked = await createMember(c);
    await lockOn(c, m);
    for (const who of [m, unlocked]) {
      const body = JSON.stringify({
        eventId: `port-request-${who.ssn}`,
        eventTime: c.clock.now.toISOString(),
        eventType: 'ServiceAttributeValueChangeEvent',
        event: {
          service: {
            id: `svc-${who.ssn}`,
            state: 'active',
            serviceSpecification: { id: 'mobileLine' },
            serviceCharacteristic: [
              { name: 'msisdn', value: who.msisdn },
              { name: 'portingState', value: 'portOutRequested' },
              { name: 'recipientOperator', value: 'Other Mobile' },
            ],
          },
        },
      });
      const res = await sendNetworkEvent(c, body);
      expect(res.status).toBe(200);
    }
    const flagged = await c.handle.db.select().from(schema.tickets).where(eq(schema.tickets.origin, 'lock'));
    expect(flagged.map((t) => [t.memberId, t.state])).toEqual([[m.userId, 'open']]);
    const [note] = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.title, 'Another network asked for your number'));
    expect(note?.memberId).toBe(m.userId);
    expect(note!.body).toContain(`our team (case ${flagged[0]!.reference}) will check with you`);
    // Never refused: the line goes on, untouched, and both members got "was this you?".
    const [sim] = await simsOf(c, m);
    expect(sim).toMatchObject({ status: 'active', msisdn: m.msisdn, blockedAt: null });
    for (const who of [m, unlocked])
      expect((await newestMail(c, who)).subject).toBe('Another network asked for your number: was this you?');
  });
});
