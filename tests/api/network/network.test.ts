import { randomUUID } from 'node:crypto';
import { and, eq, inArray, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { roamingApi } from '../../../src/contract/roaming.schema.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { simSettingsApi } from '../../../src/contract/sim-settings.schema.ts';
import { spareSsn } from '../../../src/server/seed/seed.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import { askAboutQuietOrders, drainNetworkOrders } from '../../../src/server/modules/network/network-orders.ts';
import { reconcileNetwork } from '../../../src/server/modules/network/network-state.ts';
import { applyOrderStep } from '../../../src/server/modules/network/order-causes.ts';
import { applyServiceOrder } from '../../../src/server/modules/network/network-steps.ts';
import { runNetworkJob } from '../../../src/server/modules/network/network.job.ts';
import { changeCredit } from '../../../src/server/modules/money/index.ts';
import { giveBackCardRefunds } from '../../../src/server/modules/money/purchases/refunds.ts';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import pino from 'pino';
import { isSharedDatabase, openDatabase } from '../../../src/server/db/client.ts';
import { JOB_LOCKS, withJobLock } from '../../../src/server/db/job-lock.ts';
import { countUseAtHome as countAtHome } from '../../../src/server/modules/flexi-data/usage-at-home.ts';
import { BUILT_PASSWORD, createMember, deleteAccount, type BuiltMember } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import {
  forEachDatabase,
  sendNetworkOrders,
  settleNetwork,
  stepUpCode,
  TEST_NETWORK_EVENT_SECRET,
  type TestContext,
} from '../support/harness.ts';
import { buyMembership } from '../support/purchases.ts';

// docs/product/network.md: orders out through the outbox once, events in once, usage counted from events.

const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });

/** An event as the network's hub sends it: signed over its raw bytes with the shared secret at the clock's time. */
function signed(
  c: TestContext,
  body: string,
  { secret = TEST_NETWORK_EVENT_SECRET, skewS = 0, type = 'application/json' } = {},
) {
  return c.app.request('/panda/network/listener', {
    method: 'POST',
    headers: {
      'content-type': type,
      'x-network-signature': networkSignature(secret, body, c.clock.now.getTime() + skewS * 1000),
    },
    body,
  });
}

const usageEvent = (
  c: TestContext,
  msisdn: string,
  usage: { type?: 'data' | 'voice' | 'sms'; amount: number; country?: string; id?: string },
  eventId: string = randomUUID(),
) =>
  JSON.stringify({
    eventId,
    eventTime: c.clock.now.toISOString(),
    eventType: 'UsageCreateEvent',
    event: {
      usage: {
        id: usage.id ?? randomUUID(),
        usageDate: c.clock.now.toISOString(),
        usageType: usage.type ?? 'data',
        usageCharacteristic: [
          { name: 'msisdn', value: `353${msisdn.slice(1)}` },
          {
            name: (usage.type ?? 'data') === 'data' ? 'volumeKb' : usage.type === 'voice' ? 'durationS' : 'count',
            value: usage.amount,
          },
          { name: 'country', value: usage.country ?? 'IE' },
        ],
      },
    },
  });

const ordersOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.networkOrders)
    .where(eq(schema.networkOrders.line, m.ssn))
    .orderBy(schema.networkOrders.id);
const lineOf = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, accountApi.simsOwned, { session: m.session, params: { user_id: m.userId } }))._payload.values[0]!;
const ready = async (c: TestContext) => ok(c.app, healthApi.ready, {});

forEachDatabase('network', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('a number that left for another network: the SIM no longer has it and the member is told, once; an unknown number is kept aside', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const portOut = (msisdn: string, eventId: string) =>
      JSON.stringify({
        eventId,
        eventTime: c.clock.now.toISOString(),
        eventType: 'PortOutEvent',
        event: { msisdn: `353${msisdn.slice(1)}` },
      });
    const event = portOut(m.msisdn, `port-out-${m.ssn}`);
    expect((await (await signed(c, event)).json())._payload.outcome).toBe('applied');
    expect((await signed(c, event)).status).toBe(200);
    const [after] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, m.ssn));
    expect(after).toMatchObject({ msisdn: null, status: 'inactive', lineState: null });
    const told = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.memberId, m.userId));
    expect(told.filter((n) => n.title === 'Your number has moved to another network')).toHaveLength(1);
    // The account stays open: the member still reads it, and no SIM of theirs has the number.
    const owned = await ok(c.app, accountApi.simsOwned, { session: m.session, params: { user_id: m.userId } });
    expect(owned._payload.values.filter((v) => v.msisdn === m.msisdn)).toEqual([]);
    const unknown = await (await signed(c, portOut('0870000009', `port-out-unknown-${m.ssn}`))).json();
    expect(unknown._payload.outcome).toBe('deadLetter');
  });

  it('a lost SIM: blocked here at once, "blocking" until the network has suspended the line, then blocked on the network; unblocked the same way', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const blocked = await ok(c.app, securityApi.blockSim, sim(m));
    expect(blocked._payload).toMatchObject({ blocked: true, line_state: 'active' });
    // Reported twice: one order.
    await ok(c.app, securityApi.blockSim, sim(m));
    expect(await ordersOf(c, m)).toMatchObject([
      { service: 'mobileLine', action: 'modify', characteristics: { state: 'suspended' }, state: 'queued' },
    ]);
    expect(await sendNetworkOrders(c)).toEqual({ sent: 1, retrying: 0, failed: 0 });
    expect(await lineOf(c, m)).toMatchObject({ blocked: true, line_state: 'active' });
    await settleNetwork(c);
    expect(await lineOf(c, m)).toMatchObject({ blocked: true, line_state: 'suspended' });
    expect(c.network.sandbox.orders()[0]).toMatchObject({ state: 'completed', msisdn: m.msisdn });
    expect((await c.network.sandbox.inventory()).find((l) => l.msisdn === m.msisdn)?.state).toBe('suspended');

    const code = await stepUpCode(c, m.session, 'unblock');
    const unblocked = await send(c.app, securityApi.unblockSim, { ...sim(m), stepUpCode: code });
    expect(unblocked.status).toBe(200);
    await settleNetwork(c);
    expect(await lineOf(c, m)).toMatchObject({ blocked: false, line_state: 'active' });
    expect((await ordersOf(c, m)).map((o) => [o.characteristics['state'], o.state])).toEqual([
      ['suspended', 'completed'],
      ['active', 'completed'],
    ]);
  });

  it('the network down while members act: nothing lost, each order sent once when it is back, in order per line; /panda/ready says so', async () => {
    const c = ctx();
    const members = await Promise.all(Array.from({ length: 5 }, () => createMember(c, { creditCents: 500 })));
    c.network.sandbox.setDown(true);
    await Promise.all(members.map((m) => ok(c.app, securityApi.blockSim, sim(m))));
    for (let turn = 0; turn < 3; turn++) {
      expect(await sendNetworkOrders(c)).toEqual({ sent: 0, retrying: 5, failed: 0 });
      c.clock.advance(20_000);
    }
    const waiting = await ready(c);
    expect(waiting.network).toMatchObject({ pending: 5, failed: 0, dead_letters: 0 });
    expect(waiting.network.oldest_pending_s).toBeGreaterThanOrEqual(60);
    expect(waiting.network.last_error).toMatch(/503/);
    // A member unblocks meanwhile: the line's second order waits behind its first.
    const first = members[0]!;
    await send(c.app, securityApi.unblockSim, {
      ...sim(first),
      stepUpCode: await stepUpCode(c, first.session, 'unblock'),
    });
    c.network.sandbox.setDown(false);
    c.clock.advance(600_000);
    expect(await sendNetworkOrders(c)).toMatchObject({ sent: 6, retrying: 0 });
    expect(c.network.sandbox.orders()).toHaveLength(6);
    const firstLine = c.network.sandbox
      .orders()
      .filter((o) => o.msisdn === first.msisdn)
      .reverse();
    expect(firstLine.map((o) => o.characteristics['state'])).toEqual(['suspended', 'active']);
    await settleNetwork(c);
    expect((await ready(c)).network).toMatchObject({ pending: 0, failed: 0 });
    expect(await lineOf(c, first)).toMatchObject({ blocked: false, line_state: 'active' });
    expect(await lineOf(c, members[1]!)).toMatchObject({ blocked: true, line_state: 'suspended' });
  });

  it('an order whose answer was lost is asked for by its externalId and adopted, nothing posted again; a repeated externalId would be a second order; two senders at once send each order once', async () => {
    const c = ctx();
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(c, { creditCents: 500 })));
    await Promise.all(members.map((m) => send(c.app, securityApi.blockSim, sim(m))));
    // The network takes every order, but its answers are lost on the way back (a timeout).
    const posted: string[] = [];
    const lossy = {
      ...c.network,
      send: async (o: Parameters<typeof c.network.send>[0]) => {
        posted.push(o.externalId);
        await c.network.send(o);
        return { ok: false as const, retry: true, error: 'The operation was aborted due to timeout' };
      },
    };
    const lost = await drainNetworkOrders({ db: c.handle.db, clock: () => c.clock.now }, lossy, applyOrderStep);
    expect(lost).toMatchObject({ sent: 0, retrying: 20 });
    expect(c.network.sandbox.orders()).toHaveLength(20);
    // The next tries (two senders at once) ask first, find each order, and post nothing.
    c.clock.advance(10 * 60_000);
    const posts: string[] = [];
    const counted = {
      ...c.network,
      send: (o: Parameters<typeof c.network.send>[0]) => (posts.push(o.externalId), c.network.send(o)),
    };
    const drain = () => drainNetworkOrders({ db: c.handle.db, clock: () => c.clock.now }, counted, applyOrderStep);
    const results = await Promise.all([drain(), drain()]);
    expect(results.reduce((n, r) => n + r.sent, 0)).toBeGreaterThanOrEqual(20);
    expect(posts).toEqual([]);
    expect(c.network.sandbox.orders()).toHaveLength(20);
    const rows = await c.handle.db.select().from(schema.networkOrders);
    expect(rows.filter((r) => r.state === 'acknowledged')).toHaveLength(20);
    for (const r of rows)
      expect(r.networkId).toBe(c.network.sandbox.orders().find((o) => o.externalId === r.externalId)!.id);
    // The sandbox network, as the standard allows, makes a second order of a repeated externalId.
    const [first] = rows;
    const again = await c.network.send({ ...first!, serviceId: null });
    expect(again.ok && again.networkId !== first!.networkId).toBe(true);
    expect(c.network.sandbox.orders()).toHaveLength(21);
  });

  it('two instances on one database, 20 causes at once: the network job runs on one at a time and each order is sent once', async () => {
    const c = ctx();
    const members = await Promise.all(Array.from({ length: 20 }, () => createMember(c, { creditCents: 500 })));
    await Promise.all(members.map((m) => ok(c.app, securityApi.blockSim, sim(m))));
    // The second instance: its own pool on the same PostgreSQL (on PGlite, one process: the same handle).
    const pool = (c.handle.db as unknown as { $client: { options?: { connectionString?: string } } }).$client;
    const other = isSharedDatabase(c.handle.db)
      ? await openDatabase(pool.options!.connectionString!, { poolMax: 4 })
      : undefined;
    let sends = 0;
    const counted = { ...c.network, send: (o: Parameters<typeof c.network.send>[0]) => (sends++, c.network.send(o)) };
    const turn = (db: typeof c.handle.db) => () =>
      withJobLock(db, JOB_LOCKS.network, () =>
        runNetworkJob({ db, clock: () => c.clock.now }, counted, pino({ level: 'silent' })),
      );
    try {
      // Together on PostgreSQL (the advisory lock lets one through); on the embedded database there is
      // one process, whose scheduler never overlaps its own turns.
      const turns = [turn(c.handle.db), turn((other ?? c.handle).db), turn(c.handle.db)];
      if (other) await Promise.all(turns.map((t) => t()));
      else for (const t of turns) await t();
      if (other) await Promise.all([turn(c.handle.db)(), turn(other.db)()]);
    } finally {
      await other?.close();
    }
    expect(sends).toBe(20);
    expect(c.network.sandbox.orders()).toHaveLength(20);
    expect((await ready(c)).network).toMatchObject({ pending: 0, failed: 0 });
  });

  it('the listener: unsigned, wrongly signed, stale or not JSON refused with nothing stored; a replay changes nothing; an unknown number kept aside', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } });
    const body = usageEvent(c, m.msisdn, { amount: 1024 });
    const unsigned = await c.app.request('/panda/network/listener', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    expect(unsigned.status).toBe(401);
    expect((await signed(c, body, { secret: 'another-secret-of-the-same-length-00000' })).status).toBe(401);
    expect((await signed(c, body, { skewS: -301 })).status).toBe(401);
    expect((await signed(c, body, { type: 'text/plain' })).status).toBe(415);
    expect(await c.handle.db.select().from(schema.networkEvents)).toEqual([]);

    const first = await signed(c, body, { skewS: 250 });
    expect(first.status).toBe(200);
    expect((await first.json())._payload.outcome).toBe('applied');
    const replay = await signed(c, body);
    expect((await replay.json())._payload.outcome).toBe('duplicate');
    const [row] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    expect(row!.dataUsedKb).toBe(1024);

    const stranger = await signed(c, usageEvent(c, '0899999990', { amount: 5 }));
    expect((await stranger.json())._payload.outcome).toBe('deadLetter');
    const junk = await signed(
      c,
      JSON.stringify({
        eventId: 'x-1',
        eventTime: c.clock.now.toISOString(),
        eventType: 'UsageCreateEvent',
        event: { usage: { nothing: true } },
      }),
    );
    expect((await junk.json())._payload.outcome).toBe('deadLetter');
    expect((await ready(c)).network.dead_letters).toBe(2);
    const bad = await signed(c, JSON.stringify({ eventId: 'x-2', eventType: 'Nonsense', event: {} }));
    expect(bad.status).toBe(400);
  });

  it('the same event 20 times at once (the hub retrying): counted once, the others answered as replays', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } });
    const body = usageEvent(c, m.msisdn, { amount: 4096 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => signed(c, body)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const outcomes = await Promise.all(answers.map(async (r) => (await r.json())._payload.outcome));
    expect(outcomes.filter((o) => o === 'applied')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'duplicate')).toHaveLength(19);
    const [row] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    expect(row!.dataUsedKb).toBe(4096);
  });

  it('30 uses of one SIM and 30 of others at once (counted in batches): every one counted, once', async () => {
    const c = ctx();
    const [m, n] = await Promise.all([
      createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } }),
      createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } }),
    ]);
    const bodies = [
      ...Array.from({ length: 30 }, () => usageEvent(c, m.msisdn, { amount: 100 })),
      ...Array.from({ length: 30 }, () => usageEvent(c, n.msisdn, { amount: 7 })),
    ];
    const answers = await Promise.all(bodies.map((b) => signed(c, b)));
    expect(answers.map((r) => r.status)).toEqual(Array(60).fill(200));
    const used = async (who: BuiltMember) =>
      (await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, who.ssn)))[0]!.dataUsedKb;
    expect([await used(m), await used(n)]).toEqual([3000, 210]);
    const days = await c.handle.db.select().from(schema.dailyUsage).where(eq(schema.dailyUsage.ssn, m.ssn));
    expect(days.reduce((sum, d) => sum + d.dataKb, 0)).toBe(3000);
    // All again: replays, nothing more counted.
    await Promise.all(bodies.map((b) => signed(c, b)));
    expect([await used(m), await used(n)]).toEqual([3000, 210]);
  });

  it('an amount no record can carry is a dead letter with its reason, and one event’s fault reaches no other event', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } });
    const used = async () =>
      (await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn)))[0]!.dataUsedKb;
    // Six at once, one of them absurd: five counted, the sixth kept aside; none answered 5xx.
    const absurd = usageEvent(c, m.msisdn, { amount: 1e19 }, 'absurd-1');
    const bodies = [...Array.from({ length: 5 }, () => usageEvent(c, m.msisdn, { amount: 100 })), absurd];
    const answers = await Promise.all(bodies.map((b) => signed(c, b)));
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    const outcomes = await Promise.all(answers.map(async (r) => (await r.json())._payload.outcome));
    expect(outcomes).toEqual([...Array(5).fill('applied'), 'deadLetter']);
    expect(await used()).toBe(500);
    // Alone, abroad, negative, a call of a year, a million texts, a word: each a dead letter saying why.
    const more = [
      usageEvent(c, m.msisdn, { amount: 1e300 }, 'absurd-2'),
      usageEvent(c, m.msisdn, { amount: 1e19, country: 'US' }, 'absurd-3'),
      usageEvent(c, m.msisdn, { amount: -5 }, 'absurd-4'),
      usageEvent(c, m.msisdn, { type: 'voice', amount: 31_536_000 }, 'absurd-5'),
      usageEvent(c, m.msisdn, { type: 'sms', amount: 1_000_000 }, 'absurd-6'),
      usageEvent(c, m.msisdn, { amount: 'lots' as unknown as number }, 'absurd-7'),
    ];
    for (const body of more) {
      const res = await signed(c, body);
      expect([res.status, (await res.json())._payload.outcome]).toEqual([200, 'deadLetter']);
    }
    const kept = await c.handle.db
      .select()
      .from(schema.networkEvents)
      .where(and(eq(schema.networkEvents.outcome, 'deadLetter'), like(schema.networkEvents.eventId, 'absurd-%')))
      .orderBy(schema.networkEvents.eventId);
    expect(kept.map((e) => [e.eventId, e.note])).toEqual([
      ['absurd-1', 'volumeKb 10000000000000000000 is not an amount one record can carry (0 to 1073741824)'],
      ['absurd-2', 'volumeKb 1e+300 is not an amount one record can carry (0 to 1073741824)'],
      ['absurd-3', 'volumeKb 10000000000000000000 is not an amount one record can carry (0 to 1073741824)'],
      ['absurd-4', 'volumeKb -5 is not an amount one record can carry (0 to 1073741824)'],
      ['absurd-5', 'durationS 31536000 is not an amount one record can carry (0 to 86400)'],
      ['absurd-6', 'count 1000000 is not an amount one record can carry (0 to 1000)'],
      ['absurd-7', 'volumeKb lots is not an amount one record can carry (0 to 1073741824)'],
    ]);
    expect(kept.every((e) => e.body !== null)).toBe(true);
    expect(await used()).toBe(500);
    // The batch itself: a use that fails in the database (here one past a bigint, as no read event can
    // be any more) fails alone; the uses counted with it are counted, once.
    const use = (eventId: string, dataKb: number) => ({
      eventId,
      eventTime: c.clock.now,
      msisdn: m.msisdn,
      at: c.clock.now,
      dataKb,
      minutes: 0,
      texts: 0,
      rated: { allowance: 'data' as const, units: dataKb, cents: 5, per: 1024 },
      body: {},
    });
    const together = await Promise.allSettled([
      countAtHome(c.handle.db, () => c.clock.now, use('batch-1', 10)),
      countAtHome(c.handle.db, () => c.clock.now, use('batch-2', 1e19)),
      countAtHome(c.handle.db, () => c.clock.now, use('batch-3', 20)),
    ]);
    expect(together.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    expect(await used()).toBe(530);
  });

  it('usage counted from events: data, minutes and texts of the membership, the day, the 80 % and 100 % alerts once', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0, carryoverGb: 1 } });
    const [before] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    const max = before!.dataMaxKb!;
    await signed(c, usageEvent(c, m.msisdn, { amount: Math.ceil(max * 0.81) }));
    await signed(c, usageEvent(c, m.msisdn, { type: 'voice', amount: 125 }));
    await signed(c, usageEvent(c, m.msisdn, { type: 'sms', amount: 3 }));
    const alertsOf = () =>
      c.handle.db
        .select()
        .from(schema.alerts)
        .where(and(eq(schema.alerts.memberId, m.userId), inArray(schema.alerts.cause, ['data80', 'data100'])));
    expect((await alertsOf()).map((a) => a.title)).toHaveLength(1);
    await signed(c, usageEvent(c, m.msisdn, { amount: max }));
    expect(await alertsOf()).toHaveLength(2);
    const [after] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    // The membership's data, then the carried-over GB, never past either; three minutes for 125 seconds; three texts.
    expect(after).toMatchObject({
      dataUsedKb: max,
      carryoverUsedKb: before!.carryoverKb,
      mobileMinutesUsed: 3,
      textsUsed: 3,
    });
    expect(before!.carryoverKb).toBe(KB_PER_GB);
    const days = await c.handle.db.select().from(schema.dailyUsage).where(eq(schema.dailyUsage.ssn, m.ssn));
    expect(days.reduce((n, d) => n + d.dataKb, 0)).toBeGreaterThanOrEqual(Math.ceil(max * 0.81) + max);
    const summary = (await ok(c.app, accountApi.balanceSummary, sim(m)))._payload.current_month_balance_summary;
    expect(JSON.stringify(summary)).toContain(String(max));
  });

  it('the cap abroad: data stopped on the network once the cap is reached ("stopping", then "stopped"), started again when the member goes on', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 20_000 });
    // Thailand is Zone 3: enough data to pass the €50 cap.
    const res = await signed(c, usageEvent(c, m.msisdn, { amount: 200 * 1024, country: 'TH' }));
    expect((await res.json())._payload.usage).toMatchObject({ stopped: true });
    expect((await ok(c.app, roamingApi.get, sim(m)))._payload.cap).toMatchObject({
      stopped: true,
      on_network: 'stopping',
    });
    await settleNetwork(c);
    expect((await ok(c.app, roamingApi.get, sim(m)))._payload.cap.on_network).toBe('stopped');
    expect(c.network.sandbox.orders()[0]).toMatchObject({
      service: 'dataAccess',
      characteristics: { barred: true, reason: 'roamingCap' },
    });
    await ok(c.app, roamingApi.goOn, sim(m));
    await settleNetwork(c);
    expect(c.network.sandbox.orders()[0]).toMatchObject({
      service: 'dataAccess',
      characteristics: { barred: false },
      state: 'completed',
    });
    expect((await ok(c.app, roamingApi.get, sim(m)))._payload.cap).toMatchObject({
      stopped: false,
      on_network: null,
    });
  });

  it('no data left and no credit: data stopped on the network; credit again starts it, once each', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 0, membership: { sku: 'BDDT00', usedGb: 30 } });
    const funded = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 30 } });
    await signed(c, usageEvent(c, m.msisdn, { amount: 10 }));
    await signed(c, usageEvent(c, m.msisdn, { amount: 10 }));
    await signed(c, usageEvent(c, funded.msisdn, { amount: 10 }));
    const dataOrders = async (who: BuiltMember) =>
      (await ordersOf(c, who)).filter((o) => o.service === 'dataAccess').map((o) => o.characteristics);
    expect(await dataOrders(m)).toEqual([{ barred: true, reason: 'noAllowanceNoCredit' }]);
    expect(await dataOrders(funded)).toEqual([]);
    await settleNetwork(c);
    await c.handle.db.transaction((tx) => changeCredit(tx, m.ssn, 1000, c.clock.now));
    await c.handle.db.transaction((tx) => changeCredit(tx, m.ssn, 500, c.clock.now));
    expect(await dataOrders(m)).toEqual([
      { barred: true, reason: 'noAllowanceNoCredit' },
      { barred: false, reason: 'noAllowanceNoCredit' },
    ]);
    await settleNetwork(c);
    expect(
      c.network.sandbox
        .orders()
        .filter((o) => o.service === 'dataAccess')
        .map((o) => o.state),
    ).toEqual(['completed', 'completed']);
  });

  it("a purchase the network refuses to start data for is undone and refunded: the add-on's data goes, the card is given back, once", async () => {
    const c = ctx();
    const m = await createMember(c, {
      creditCents: 0,
      storedCard: true,
      membership: { sku: 'BDDT00', usedGb: 30 },
    });
    await signed(c, usageEvent(c, m.msisdn, { amount: 10 }));
    await settleNetwork(c);
    const addon = await ok(c.app, membershipsApi.buyAddon, {
      session: m.session,
      params: { user_id: m.userId, ssn: m.ssn },
      body: { sku: 'BDAO05', payment_type: 'STORED_CARD' },
    });
    expect(addon._payload.payment.card_cents).toBeGreaterThan(0);
    const paid = addon._payload.payment.card_cents;
    const addonKb = async () =>
      (
        await c.handle.db
          .select({ kb: schema.memberships.addonKb })
          .from(schema.memberships)
          .where(and(eq(schema.memberships.ssn, m.ssn), eq(schema.memberships.status, 'current')))
      )[0]!.kb;
    expect(await addonKb()).toBe(5 * KB_PER_GB);
    await sendNetworkOrders(c);
    const lift = c.network.sandbox
      .orders()
      .find((o) => o.msisdn === m.msisdn && o.characteristics['barred'] === false)!;
    await c.network.sandbox.finish(lift.id, 'failed');
    // The same refusal again (the hub retrying, or the order read again) refunds nothing more.
    await c.network.sandbox.finish(lift.id, 'failed');
    expect(await addonKb()).toBe(0);
    const rows = await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, m.ssn));
    const refunds = rows.filter((r) => r.kind === 'refund');
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ creditDeltaCents: 0, dataDeltaKb: -5 * KB_PER_GB });
    const owed = await c.handle.db.select().from(schema.cardRefunds);
    expect(owed.filter((r) => r.reference === refunds[0]!.reference)).toMatchObject([{ state: 'due', cents: paid }]);
    const payment = rows.find((r) => r.kind === 'add-on')!.paymentId!;
    // Given back by the minute's jobs, outside the transaction; a provider that fails is asked again later.
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    const failing = {
      refund: () => Promise.reject(new Error('provider unavailable')),
      refundGiven: async () => false,
    };
    expect(await giveBackCardRefunds(jobs, failing)).toBe(0);
    expect(await giveBackCardRefunds(jobs, c.payments)).toBe(0);
    // The provider gives it, but its answer is lost: the next run asks under our reference, and gives nothing twice.
    const lost = {
      refund: async (...args: Parameters<typeof c.payments.refund>) => {
        await c.payments.refund(...args);
        throw new Error('connection reset');
      },
      refundGiven: c.payments.refundGiven,
    };
    c.clock.advance(130_000);
    expect(await giveBackCardRefunds(jobs, lost)).toBe(0);
    c.clock.advance(250_000);
    expect(await giveBackCardRefunds(jobs, c.payments)).toBe(1);
    expect(await giveBackCardRefunds(jobs, c.payments)).toBe(0);
    expect(c.payments.refunds.filter((r) => r.paymentId === payment)).toEqual([
      { paymentId: payment, amountCents: paid, reference: refunds[0]!.reference },
    ]);
    const [told] = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(
        and(eq(schema.notifications.memberId, m.userId), eq(schema.notifications.title, 'Your purchase is refunded')),
      );
    expect(told?.body).toContain('back to your card ending');
    // Data still stopped on the network: the next purchase asks for it to start again.
    const states = (await ordersOf(c, m)).filter((o) => o.service === 'dataAccess').map((o) => o.state);
    expect(states).toEqual(['completed', 'failed']);
  });

  it('a membership bought while data was stopped, refused by the network: it ends and the one queued behind it starts', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 0, storedCard: true, membership: { sku: 'BDDT00', usedGb: 30 } });
    await signed(c, usageEvent(c, m.msisdn, { amount: 10 }));
    await settleNetwork(c);
    // The used-up membership ends; the member buys one (it starts now) and another behind it.
    await c.handle.db.update(schema.memberships).set({ status: 'past' }).where(eq(schema.memberships.ssn, m.ssn));
    const buy = () => buyMembership(c, m.session, m.ssn, { pay: 'STORED_CARD' });
    expect((await buy()).status).toBe(201);
    expect((await buy()).status).toBe(201);
    const lifts = await sendNetworkOrders(c).then(() =>
      c.network.sandbox.orders().filter((o) => o.msisdn === m.msisdn && o.characteristics['barred'] === false),
    );
    expect(lifts).toHaveLength(1);
    await c.network.sandbox.finish(lifts[0]!.id, 'failed');
    const held = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    const current = held.filter((r) => r.status === 'current');
    expect(current).toHaveLength(1);
    expect(current[0]!.startsAt).toEqual(c.clock.now);
    expect(held.filter((r) => r.status === 'queued')).toHaveLength(0);
    const refunds = (await c.handle.db.select().from(schema.ledger).where(eq(schema.ledger.ssn, m.ssn))).filter(
      (r) => r.kind === 'refund',
    );
    expect(refunds).toHaveLength(1);
    expect(
      await c.handle.db
        .select()
        .from(schema.cardRefunds)
        .where(eq(schema.cardRefunds.reference, refunds[0]!.reference!)),
    ).toHaveLength(1);
  });

  it('a bar on the number follows it to a new SIM: still stopped on the network, and lifted from the new SIM', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 20_000 });
    await signed(c, usageEvent(c, m.msisdn, { amount: 200 * 1024, country: 'TH' }));
    await settleNetwork(c);
    const changed = await send(c.app, simSettingsApi.changeSim, {
      ...sim(m),
      body: { new_ssn: spareSsn(63), password: BUILT_PASSWORD },
      stepUpCode: await stepUpCode(c, m.session, 'sim'),
    });
    expect(changed.status).toBe(200);
    await settleNetwork(c);
    const onNew = { session: m.session, params: { user_id: m.userId, ssn: spareSsn(63) } };
    expect((await ok(c.app, roamingApi.get, onNew))._payload.cap.on_network).toBe('stopped');
    await ok(c.app, roamingApi.goOn, onNew);
    await settleNetwork(c);
    expect(c.network.sandbox.orders()[0]).toMatchObject({
      service: 'dataAccess',
      characteristics: { barred: false, reason: 'roamingCap' },
      msisdn: m.msisdn,
      state: 'completed',
    });
    expect((await ok(c.app, roamingApi.get, onNew))._payload.cap.on_network).toBeNull();
  });

  it('order states out of order: an older state after a newer one is history, not applied; a failed suspend tells the member why', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    await ok(c.app, securityApi.blockSim, sim(m));
    await sendNetworkOrders(c);
    const [order] = await ordersOf(c, m);
    const stateEvent = (state: string) =>
      JSON.stringify({
        eventId: randomUUID(),
        eventTime: c.clock.now.toISOString(),
        eventType: 'ServiceOrderStateChangeEvent',
        event: { serviceOrder: { id: order!.networkId, externalId: order!.externalId, state } },
      });
    expect((await (await signed(c, stateEvent('completed'))).json())._payload.outcome).toBe('applied');
    expect((await (await signed(c, stateEvent('inProgress'))).json())._payload.outcome).toBe('stale');
    expect(await lineOf(c, m)).toMatchObject({ line_state: 'suspended' });
    const history = await c.handle.db
      .select()
      .from(schema.networkEvents)
      .where(eq(schema.networkEvents.orderId, order!.id));
    expect(history.map((e) => e.outcome).sort()).toEqual(['applied', 'stale']);

    const other = await createMember(c, { creditCents: 500 });
    await ok(c.app, securityApi.blockSim, sim(other));
    await sendNetworkOrders(c);
    const open = c.network.sandbox.orders().find((o) => o.msisdn === other.msisdn)!;
    await c.network.sandbox.finish(open.id, 'failed');
    expect(await lineOf(c, other)).toMatchObject({ blocked: true, line_state: 'active' });
    const [told] = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.memberId, other.userId));
    expect(told!.title).toBe('Your SIM is not blocked on the network yet');
    expect((await ready(c)).network.failed).toBe(1);
  });

  it('a change of SIM waits for the network: completed, the new SIM is in service; failed, the old SIM keeps the number and everything on it', async () => {
    const c = ctx();
    const change = async (m: BuiltMember, newSsn: string) =>
      send(c.app, simSettingsApi.changeSim, {
        ...sim(m),
        body: { new_ssn: newSsn, password: BUILT_PASSWORD },
        stepUpCode: await stepUpCode(c, m.session, 'sim'),
      });
    const done = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00' } });
    expect((await change(done, spareSsn(61))).status).toBe(200);
    expect(await lineOf(c, done)).toMatchObject({ ssn: spareSsn(61), line_state: null });
    await settleNetwork(c);
    expect(await lineOf(c, done)).toMatchObject({ ssn: spareSsn(61), msisdn: done.msisdn, line_state: 'active' });

    const refused = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00' } });
    expect((await change(refused, spareSsn(62))).status).toBe(200);
    await sendNetworkOrders(c);
    const order = c.network.sandbox.orders().find((o) => o.characteristics['iccid'] === spareSsn(62))!;
    await c.network.sandbox.finish(order.id, 'failed');
    // Back as it was: the old SIM, its number, its credit and membership.
    expect(await lineOf(c, refused)).toMatchObject({
      ssn: refused.ssn,
      msisdn: refused.msisdn,
      line_state: 'active',
    });
    const [membership] = await c.handle.db
      .select()
      .from(schema.memberships)
      .where(and(eq(schema.memberships.ssn, refused.ssn), eq(schema.memberships.status, 'current')));
    expect(membership?.sku).toBe('BDDT00');
    const [fresh] = await c.handle.db
      .select()
      .from(schema.sims)
      .where(eq(schema.sims.ssn, spareSsn(62)));
    expect(fresh).toMatchObject({ status: 'inactive', msisdn: null });
    const told = await c.handle.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.memberId, refused.userId));
    expect(told.map((n) => n.title)).toContain('Your SIM could not be changed');
  });

  it('an order the network took and then went quiet on is read again: a lost event applied, a lost order sent again', async () => {
    const c = ctx();
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    const ask = () => askAboutQuietOrders(jobs, c.network, applyServiceOrder);
    const lost = await createMember(c, { creditCents: 500 });
    await ok(c.app, securityApi.blockSim, sim(lost));
    await sendNetworkOrders(c);
    // The network completes the suspend, but its event never arrives.
    c.network.sandbox.attach(async () => new Response(null, { status: 503 }));
    const [order] = c.network.sandbox.orders();
    await c.network.sandbox.finish(order!.id, 'completed');
    c.network.sandbox.attach(async (request) => c.app.fetch(request));
    expect(await lineOf(c, lost)).toMatchObject({ blocked: true, line_state: 'active' });
    expect(await ask()).toEqual({ asked: 0, resent: 0 }); // not quiet long enough yet
    c.clock.advance(11 * 60_000);
    expect(await ask()).toEqual({ asked: 1, resent: 0 });
    expect(await lineOf(c, lost)).toMatchObject({ blocked: true, line_state: 'suspended' });

    // The network forgets the orders it holds (the sandbox network restarted): sent again, once.
    const forgotten = await createMember(c, { creditCents: 500 });
    await ok(c.app, securityApi.blockSim, sim(forgotten));
    await sendNetworkOrders(c);
    c.network.sandbox.forget();
    c.clock.advance(11 * 60_000);
    expect(await ask()).toEqual({ asked: 1, resent: 1 });
    await settleNetwork(c);
    expect(await lineOf(c, forgotten)).toMatchObject({ blocked: true, line_state: 'suspended' });
    expect(await ordersOf(c, forgotten)).toHaveLength(1);
    expect(c.network.sandbox.orders()).toHaveLength(1);
  });

  it('reconciliation: every line whose state differs is reported on /panda/ready, and nothing is changed', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    expect(await reconcileNetwork(jobs, c.network)).toEqual([]);
    // The network suspended a line we think active (someone did it at the MVNE's console).
    await ok(c.app, securityApi.blockSim, sim(m));
    await settleNetwork(c);
    await c.handle.db.update(schema.sims).set({ lineState: 'active' }).where(eq(schema.sims.ssn, m.ssn));
    expect(await reconcileNetwork(jobs, c.network)).toEqual([
      { msisdn: m.msisdn, ours: 'active', network: 'suspended' },
    ]);
    expect((await ready(c)).network.drift).toBe(1);
    expect((await lineOf(c, m)).line_state).toBe('active');
    c.network.sandbox.setDown(true);
    expect(await reconcileNetwork(jobs, c.network)).toBeUndefined();
    expect((await ready(c)).network).toMatchObject({ drift: 1, last_error: expect.stringMatching(/503/) });
  });

  it("a line made after the night's reconciliation listed the network is still found there: its port-out request is sent, and the next listing has it", async () => {
    const c = ctx();
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    await reconcileNetwork(jobs, c.network);
    const m = await createMember(c, { creditCents: 500 });
    expect(await c.network.sandbox.portOutRequested(m.msisdn)).toMatchObject({ status: 200 });
    expect((await c.network.sandbox.lineOf(m.msisdn))?.state).toBe('active');
    const later = await createMember(c, { creditCents: 500 });
    expect((await c.network.inventory()).some((l) => l.msisdn === later.msisdn)).toBe(true);
    expect((await reconcileNetwork(jobs, c.network))?.filter((d) => d.msisdn === later.msisdn)).toEqual([]);
  });

  it('a closed account: its line is deleted on the network after what was ordered for it, and the number leaves the inventory', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500 });
    const kept = await createMember(c, { creditCents: 500 });
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    await ok(c.app, securityApi.blockSim, sim(m));
    expect((await deleteAccount(c, m)).status).toBe(200);
    const sent = await ordersOf(c, m);
    expect(sent.map((o) => [o.service, o.action])).toEqual([
      ['mobileLine', 'modify'],
      ['mobileLine', 'delete'],
    ]);
    expect(sent[1]).toMatchObject({ msisdn: m.msisdn, line: m.ssn });
    await settleNetwork(c);
    expect(
      c.network.sandbox
        .orders()
        .filter((o) => o.msisdn === m.msisdn)
        .map((o) => o.action),
    ).toEqual(['delete', 'modify']);
    const listed = (await c.network.inventory()).map((l) => l.msisdn);
    expect(listed).toContain(kept.msisdn);
    expect(listed).not.toContain(m.msisdn);
    expect(await reconcileNetwork(jobs, c.network)).toEqual([]);
  });

  it('/sandbox/usage sends signed events to the listener (one path for the sandbox and a real network)', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 500, membership: { sku: 'BDDT00', usedGb: 0 } });
    const res = await c.app.request('/sandbox/usage', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ msisdn: m.msisdn, data_gb: 2, minutes: 4 }),
    });
    expect(res.status).toBe(200);
    expect((await res.json()).events.map((e: { outcome: string }) => e.outcome)).toEqual(['applied', 'applied']);
    const [row] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    expect(row).toMatchObject({ dataUsedKb: 2 * KB_PER_GB, mobileMinutesUsed: 4 });
    const events = await c.handle.db.select().from(schema.networkEvents);
    expect(events).toHaveLength(2);
    expect(c.network.sandbox.events().map((e) => e.status)).toEqual([200, 200]);
  });
});
