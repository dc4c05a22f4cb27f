import { and, desc, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { householdApi, householdFailures } from '../../../src/contract/household.schema.ts';
import { householdRequestFailures, householdRequestsApi } from '../../../src/contract/household-requests.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { sandboxNetworkAdapter } from '../../../src/server/modules/network/index.ts';
import { reconcileNetwork } from '../../../src/server/modules/network/network-state.ts';
import { securityApi } from '../../../src/contract/security.schema.ts';
import { STEP_UP_HEADER } from '../../../src/contract/step-up.schema.ts';
import { holdDataCaps, resumeEndedPauses } from '../../../src/server/modules/household/controls/jobs.ts';
import { BUILT_PASSWORD, createMember, type BuiltMember } from '../support/builders.ts';
import { simSettingsApi } from '../../../src/contract/sim-settings.schema.ts';
import { ok, refused, send } from '../support/client.ts';
import { joinHousehold } from '../support/household.ts';
import { forEachDatabase, sendNetworkOrders, settleNetwork, stepUpCode, type TestContext } from '../support/harness.ts';

/**
 * Household controls the network enforces (docs/product/lifelines.md "Controls"): a pause of data or of
 * all service until a day (three months at most, then it resumes by itself), the adult content filter
 * and the premium-rate and third-party bars, each an order through the outbox; a refusal puts the line
 * back; managers run the lines with the owner; leaving lifts what the household set.
 */
const withPlan = { membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 1 } } as const;
const on = (runner: BuiltMember, line: BuiltMember) => ({ user_id: runner.userId, ssn: line.ssn });

const join = joinHousehold;

/** A household of an owner and two lines. */
async function family(c: TestContext) {
  const owner = await createMember(c, { ...withPlan, firstname: 'Fiona', lastname: 'Byrne' });
  const teen = await createMember(c, { ...withPlan, firstname: 'Aoife', lastname: 'Byrne' });
  const other = await createMember(c, { ...withPlan, firstname: 'Cian', lastname: 'Byrne' });
  await join(c, owner, teen);
  await join(c, owner, other);
  return { owner, teen, other };
}

/** A use sent by the sandbox network as it would (refused where the network enforces a bar). */
const use = (c: TestContext, m: BuiltMember, body: Record<string, unknown>) =>
  c.app.request('/sandbox/usage', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn: m.msisdn, country: 'IE', ...body }),
  });

const ordersOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.networkOrders)
    .where(and(eq(schema.networkOrders.line, m.ssn), like(schema.networkOrders.cause, 'control:%')))
    .orderBy(schema.networkOrders.id);

const titlesOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(schema.notifications).where(eq(schema.notifications.memberId, m.userId))).map(
    (n) => n.title,
  );

forEachDatabase('household controls', (ctx) => {
  it('the owner pauses a line’s data: ordered, done at the network, enforced; resumed; the line sees who did it', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const { _payload: paused } = await ok(c.app, householdApi.pause, {
      session: owner.session,
      params: on(owner, teen),
      body: { kind: 'data' },
    });
    expect(paused.pause).toMatchObject({ kind: 'data', network: 'switching' });
    expect(paused.message).toBe('Pausing data at the network…');
    // Three months at most: none given, it ends then.
    const days = (new Date(paused.pause.until!).getTime() - c.clock.now.getTime()) / 86_400_000;
    expect(days).toBeGreaterThan(92);
    expect(days).toBeLessThanOrEqual(93);
    const [order] = await ordersOf(c, teen);
    expect(order).toMatchObject({
      service: 'dataAccess',
      action: 'modify',
      characteristics: { barred: true, reason: 'paused' },
    });
    await settleNetwork(c);
    // The line sees it, who did it, and who sees the line.
    const { _payload: seen } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(seen.pause).toMatchObject({ kind: 'data', network: 'done' });
    expect(seen.can).toEqual({ pause: false, filters: true, role: false, answer_under_18: false, sharing: false });
    expect(seen.seen_by).toEqual([{ name: 'Fiona Byrne', role: 'owner' }]);
    expect(seen.history.map((h) => h.actor)).toEqual(['The network', 'Fiona Byrne']);
    expect(await titlesOf(c, teen)).toContain('Your data is paused');
    // The owner's list of lines says it at a glance, with what the line used this period.
    const { _payload: lines } = await ok(c.app, householdApi.lines, {
      session: owner.session,
      params: { user_id: owner.userId },
    });
    const listed = lines.values.find((l) => l.ssn === teen.ssn)!;
    expect(listed.state).toEqual({ paused: 'data', cap_gb: null, capped: false, filters_on: [], under_18: false });
    expect(listed.used).toEqual({ data_kb: 1024 * 1024, minutes: 0, texts: 0 });
    // The network enforces it: data is refused, a call is not.
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(409);
    // A sandbox network started again (the embedded default restarted) reads the bar back from the orders it completed.
    const again = sandboxNetworkAdapter({
      secret: 'network-secret-for-a-restart-0000000000',
      delayMs: null,
      db: c.handle.db,
    });
    expect(await again.sandbox.refuses(teen.msisdn, true, false)).toBe('data is barred (paused)');
    expect(await again.sandbox.refuses(teen.msisdn, false, true)).toBeUndefined();
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(200);
    // The line cannot lift it itself (not theirs to run: 404).
    await refused(
      c.app,
      householdApi.resume,
      { session: teen.session, params: on(teen, teen) },
      householdFailures.noSuchControlledLine,
    );
    const { _payload: resumed } = await ok(c.app, householdApi.resume, {
      session: owner.session,
      params: on(owner, teen),
    });
    expect(resumed.pause).toMatchObject({ kind: null, network: 'switching' });
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(200);
    expect(await titlesOf(c, teen)).toContain('Your line is on again');
  });

  it('a pause of all service until a day resumes by itself the morning after; a date past or beyond three months is refused', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const day = (days: number) => new Date(c.clock.now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
    for (const [until, failure] of [
      [day(-1), householdFailures.pausePast],
      [day(120), householdFailures.pauseTooLong],
    ] as const)
      await refused(
        c.app,
        householdApi.pause,
        { session: owner.session, params: on(owner, teen), body: { kind: 'all', until } },
        failure,
      );
    const bad = await send(c.app, householdApi.pause, {
      session: owner.session,
      params: on(owner, teen),
      body: { kind: 'everything' as 'all', until: 'soon' },
    });
    expect(bad.status).toBe(400);
    const endsOf = async () =>
      (
        await c.handle.db
          .select({ endsAt: schema.memberships.endsAt })
          .from(schema.memberships)
          .where(and(eq(schema.memberships.ssn, teen.ssn), eq(schema.memberships.status, 'current')))
      )[0]!.endsAt.getTime();
    const ends = await endsOf();
    await ok(c.app, householdApi.pause, {
      session: owner.session,
      params: on(owner, teen),
      body: { kind: 'all', until: day(3) },
    });
    // No renewal falls inside the pause: the membership's end moves on to keep its days.
    const { _payload: paused } = await ok(c.app, householdApi.controls, {
      session: owner.session,
      params: on(owner, teen),
    });
    expect(await endsOf()).toBe(ends + new Date(paused.pause.until!).getTime() - c.clock.now.getTime());
    await settleNetwork(c);
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(409);
    // Not yet: the job resumes nothing.
    expect(await resumeEndedPauses({ db: c.handle.db, clock: () => c.clock.now })).toBe(0);
    c.clock.advance(4 * 86_400_000);
    expect(await resumeEndedPauses({ db: c.handle.db, clock: () => c.clock.now })).toBe(1);
    // Paused four days in all: the membership ends four days later than it would have.
    expect(await endsOf()).toBe(ends + 4 * 86_400_000);
    expect(await resumeEndedPauses({ db: c.handle.db, clock: () => c.clock.now })).toBe(0);
    const orders = await ordersOf(c, teen);
    expect(orders.map((o) => [o.service, o.characteristics['state']])).toEqual([
      ['mobileLine', 'suspended'],
      ['mobileLine', 'active'],
    ]);
    await settleNetwork(c);
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(200);
    // (Four days on, the sessions have ended: the history is read where it is kept.)
    const [, resumedBy] = await c.handle.db
      .select()
      .from(schema.lineHistory)
      .where(eq(schema.lineHistory.ssn, teen.ssn))
      .orderBy(desc(schema.lineHistory.id));
    expect(resumedBy).toMatchObject({ actor: 'Automatically', text: 'resumed the line.' });
  });

  it('filters and bars: the line switches its own; a refusal at the network puts it back; twenty presses at once order once', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const { _payload: mine } = await ok(c.app, householdApi.setFilter, {
      session: teen.session,
      params: { ...on(teen, teen), filter: 'premiumRate' },
      body: { on: true },
    });
    expect(mine.filters.find((f) => f.filter === 'premiumRate')).toEqual({
      filter: 'premiumRate',
      on: true,
      network: 'switching',
    });
    await sendNetworkOrders(c);
    const sent = c.network.sandbox.orders().find((o) => o.service === 'callBarring')!;
    await c.network.sandbox.finish(sent.id, 'failed');
    const { _payload: back } = await ok(c.app, householdApi.controls, {
      session: owner.session,
      params: on(owner, teen),
    });
    expect(back.filters.find((f) => f.filter === 'premiumRate')).toEqual({
      filter: 'premiumRate',
      on: false,
      network: 'refused',
    });
    expect(back.history[0]).toMatchObject({ actor: 'The network' });
    expect(back.history[0]!.text).toMatch(/^refused: the bar on premium-rate numbers switched on\. Nothing changed\.$/);
    // Twenty at once: one change, one order.
    const presses = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(c.app, householdApi.setFilter, {
          session: owner.session,
          params: { ...on(owner, teen), filter: 'contentFilter' },
          body: { on: true },
        }),
      ),
    );
    expect(presses.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await ordersOf(c, teen)).filter((o) => o.service === 'contentFilter')).toHaveLength(1);
    await settleNetwork(c);
    const { _payload: done } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(done.filters.find((f) => f.filter === 'contentFilter')).toMatchObject({ on: true, network: 'done' });
    // Another household's line, or a stranger's SIM: 404, as if there were none.
    const stranger = await createMember(c, withPlan);
    await refused(
      c.app,
      householdApi.setFilter,
      { session: stranger.session, params: { ...on(stranger, teen), filter: 'contentFilter' }, body: { on: false } },
      householdFailures.noSuchControlledLine,
    );
    await refused(
      c.app,
      householdApi.controls,
      { session: stranger.session, params: on(stranger, teen) },
      householdFailures.noSuchControlledLine,
    );
  });

  it('a manager runs the other lines with the owner, never their own role; leaving lifts what the household set, not what the line set', async () => {
    const c = ctx();
    const { owner, teen, other } = await family(c);
    // Only the owner appoints.
    await refused(
      c.app,
      householdApi.setRole,
      { session: other.session, params: on(other, other), body: { role: 'manager' } },
      householdFailures.noSuchLine,
    );
    await ok(c.app, householdApi.setRole, {
      session: owner.session,
      params: on(owner, other),
      body: { role: 'manager' },
    });
    const { _payload: household } = await ok(c.app, householdApi.household, {
      session: other.session,
      params: { user_id: other.userId },
    });
    expect(household.manager).toBe(true);
    const { _payload: lines } = await ok(c.app, householdApi.lines, {
      session: other.session,
      params: { user_id: other.userId },
    });
    expect(lines.values.map((l) => l.ssn)).toEqual([teen.ssn]);
    await ok(c.app, householdApi.pause, { session: other.session, params: on(other, teen), body: { kind: 'data' } });
    await ok(c.app, householdApi.setFilter, {
      session: other.session,
      params: { ...on(other, teen), filter: 'thirdPartyBilling' },
      body: { on: true },
    });
    await ok(c.app, householdApi.setFilter, {
      session: teen.session,
      params: { ...on(teen, teen), filter: 'contentFilter' },
      body: { on: true },
    });
    await settleNetwork(c);
    const { _payload: seen } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(seen.seen_by).toEqual([
      { name: 'Fiona Byrne', role: 'owner' },
      { name: 'Cian Byrne', role: 'manager' },
    ]);
    expect(seen.history.some((h) => h.actor === 'Cian Byrne' && h.text.startsWith('paused data'))).toBe(true);
    // The line leaves: the pause and the household's bar are lifted at the network; its own filter stays.
    await ok(c.app, householdApi.leave, { session: teen.session, params: on(teen, teen) });
    const { _payload: after } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(after.pause.kind).toBeNull();
    expect(after.filters.map((f) => [f.filter, f.on])).toEqual([
      ['contentFilter', true],
      ['premiumRate', false],
      ['thirdPartyBilling', false],
    ]);
    expect(after.seen_by).toEqual([]);
    const lifts = (await ordersOf(c, teen)).slice(-2);
    expect(lifts.map((o) => o.characteristics)).toEqual([
      { barred: false, reason: 'paused' },
      { thirdPartyBilling: 'allowed' },
    ]);
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(200);
    // The manager no longer reaches the line.
    await refused(
      c.app,
      householdApi.controls,
      { session: other.session, params: on(other, teen) },
      householdFailures.noSuchControlledLine,
    );
  });

  it('20 pauses, resumes, appointments and caps at once: one change and one order each', async () => {
    const c = ctx();
    const { owner, teen, other } = await family(c);
    const twenty = <T>(go: () => Promise<T>) => Promise.all(Array.from({ length: 20 }, go));
    const paused = await twenty(() =>
      send(c.app, householdApi.pause, { session: owner.session, params: on(owner, teen), body: { kind: 'data' } }),
    );
    expect(paused.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect(await ordersOf(c, teen)).toHaveLength(1);
    expect((await titlesOf(c, teen)).filter((t) => t === 'Your data is paused')).toHaveLength(1);
    const resumed = await twenty(() =>
      send(c.app, householdApi.resume, { session: owner.session, params: on(owner, teen) }),
    );
    expect(resumed.map((r) => r.status)).toEqual(Array(20).fill(200));
    expect((await ordersOf(c, teen)).map((o) => o.characteristics['barred'])).toEqual([true, false]);
    const appointed = await twenty(() =>
      send(c.app, householdApi.setRole, {
        session: owner.session,
        params: on(owner, other),
        body: { role: 'manager' },
      }),
    );
    expect(appointed.map((r) => r.status)).toEqual(Array(20).fill(200));
    const [line] = await c.handle.db
      .select()
      .from(schema.householdLines)
      .where(eq(schema.householdLines.ssn, other.ssn));
    expect(line?.role).toBe('manager');
    // Each resume after the first, and each appointment after the first, wrote nothing to the history.
    const history = await c.handle.db.select().from(schema.lineHistory).where(eq(schema.lineHistory.ssn, other.ssn));
    expect(history).toHaveLength(1);
    expect(
      (await c.handle.db.select().from(schema.lineHistory).where(eq(schema.lineHistory.ssn, teen.ssn))).filter((h) =>
        h.text.startsWith('resumed'),
      ),
    ).toHaveLength(1);
  });

  it('an under-18 line: the owner asks, the line accepts once (twenty at once), its filters and bars go on and only the household changes them', async () => {
    const c = ctx();
    const { owner, teen, other } = await family(c);
    // Only the owner asks; the line cannot answer what was not asked.
    await refused(
      c.app,
      householdApi.answerUnder18,
      { session: teen.session, params: on(teen, teen), body: { accept: true } },
      householdFailures.notAsked,
    );
    await refused(
      c.app,
      householdApi.setUnder18,
      { session: other.session, params: on(other, teen), body: { under_18: true } },
      householdFailures.noSuchLine,
    );
    const { _payload: asked } = await ok(c.app, householdApi.setUnder18, {
      session: owner.session,
      params: on(owner, teen),
      body: { under_18: true },
    });
    expect(asked.under_18).toBe('asked');
    expect(await titlesOf(c, teen)).toContain('Mark your line under 18?');
    // The owner cannot answer for the line.
    await refused(
      c.app,
      householdApi.answerUnder18,
      { session: owner.session, params: on(owner, teen), body: { accept: true } },
      householdFailures.notAsked,
    );
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        send(c.app, householdApi.answerUnder18, {
          session: teen.session,
          params: on(teen, teen),
          body: { accept: true },
        }),
      ),
    );
    expect(answers.filter((r) => r.status === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.status === 404)).toHaveLength(19);
    const orders = await ordersOf(c, teen);
    expect(orders.map((o) => o.characteristics)).toEqual([
      { adultContent: 'on' },
      { premiumRate: 'barred' },
      { thirdPartyBilling: 'barred' },
    ]);
    await settleNetwork(c);
    const { _payload: seen } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(seen.under_18).toBe('accepted');
    expect(seen.can.filters).toBe(false);
    expect(seen.filters.every((f) => f.on && f.network === 'done')).toBe(true);
    await refused(
      c.app,
      householdApi.setFilter,
      { session: teen.session, params: { ...on(teen, teen), filter: 'contentFilter' }, body: { on: false } },
      householdFailures.under18Filters,
    );
    await ok(c.app, householdApi.setFilter, {
      session: owner.session,
      params: { ...on(owner, teen), filter: 'premiumRate' },
      body: { on: false },
    });
    // The mark taken away: the line changes its filters again.
    await ok(c.app, householdApi.setUnder18, {
      session: owner.session,
      params: on(owner, teen),
      body: { under_18: false },
    });
    await ok(c.app, householdApi.setFilter, {
      session: teen.session,
      params: { ...on(teen, teen), filter: 'contentFilter' },
      body: { on: false },
    });
  });

  it('an under-18 line leaves only when the household agrees: leaving is refused and its filters hold; asked, the owner approves, and it leaves', async () => {
    const c = ctx();
    const { owner, teen, other } = await family(c);
    await ok(c.app, householdApi.setUnder18, {
      session: owner.session,
      params: on(owner, teen),
      body: { under_18: true },
    });
    await ok(c.app, householdApi.answerUnder18, {
      session: teen.session,
      params: on(teen, teen),
      body: { accept: true },
    });
    await settleNetwork(c);
    await refused(
      c.app,
      householdApi.leave,
      { session: teen.session, params: on(teen, teen) },
      householdFailures.under18Leave,
    );
    const { _payload: held } = await ok(c.app, householdApi.controls, {
      session: teen.session,
      params: on(teen, teen),
    });
    expect(held.filters.every((f) => f.on)).toBe(true);
    expect((await ordersOf(c, teen)).map((o) => o.characteristics)).toHaveLength(3);
    // A line not marked under 18 leaves by itself: nothing to ask.
    await refused(
      c.app,
      householdRequestsApi.ask,
      { session: other.session, params: on(other, other), body: { kind: 'leave' } },
      householdRequestFailures.leaveFree,
    );
    const { _payload: asked } = await ok(c.app, householdRequestsApi.ask, {
      session: teen.session,
      params: on(teen, teen),
      body: { kind: 'leave' },
    });
    expect(asked.what).toBe('To leave the household');
    expect(await titlesOf(c, owner)).toContain('Aoife Byrne asks: To leave the household');
    const { _payload: household } = await ok(c.app, householdApi.household, {
      session: teen.session,
      params: { user_id: teen.userId },
    });
    expect(household.my_lines).toEqual([{ ssn: teen.ssn, msisdn: teen.msisdn, under_18: true }]);
    await ok(c.app, householdRequestsApi.approve, {
      session: owner.session,
      params: { user_id: owner.userId, id: String(asked.id) },
      body: { from_ssn: owner.ssn, payment_type: 'BALANCE_BEFORE_SC' },
      headers: { 'idempotency-key': crypto.randomUUID() },
    });
    const [line] = await c.handle.db
      .select()
      .from(schema.householdLines)
      .where(eq(schema.householdLines.ssn, teen.ssn));
    expect(line).toBeUndefined();
    // Let go by the household, what it set is lifted as for any line that leaves, and the owner hears of it.
    expect((await ordersOf(c, teen)).slice(3).map((o) => o.characteristics)).toEqual([
      { adultContent: 'off' },
      { premiumRate: 'allowed' },
      { thirdPartyBilling: 'allowed' },
    ]);
    expect(await titlesOf(c, owner)).toEqual(expect.arrayContaining([expect.stringMatching(/left your household/)]));
  });

  it('a member outside any household switches the adult filter and both bars on their own line', async () => {
    const c = ctx();
    const alone = await createMember(c, withPlan);
    for (const filter of ['contentFilter', 'premiumRate', 'thirdPartyBilling'] as const)
      await ok(c.app, householdApi.setFilter, {
        session: alone.session,
        params: { ...on(alone, alone), filter },
        body: { on: true },
      });
    await settleNetwork(c);
    const { _payload: seen } = await ok(c.app, householdApi.controls, {
      session: alone.session,
      params: on(alone, alone),
    });
    expect(seen.can).toMatchObject({ filters: true, pause: false });
    expect(seen.filters.map((f) => [f.filter, f.on, f.network])).toEqual([
      ['contentFilter', true, 'done'],
      ['premiumRate', true, 'done'],
      ['thirdPartyBilling', true, 'done'],
    ]);
  });

  it('a data cap a period: 80 % told to the line and the owner, crossing it stops data at the network, a higher cap starts it again', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const hold = () => holdDataCaps({ db: c.handle.db, clock: () => c.clock.now });
    for (const gb of [0, 101, 1.5])
      expect(
        (
          await send(c.app, householdApi.setDataCap, {
            session: owner.session,
            params: on(owner, teen),
            body: { gb },
          })
        ).status,
      ).toBe(400);
    // 1 GB used of a 2 GB cap: nothing yet.
    const { _payload: capped } = await ok(c.app, householdApi.setDataCap, {
      session: owner.session,
      params: on(owner, teen),
      body: { gb: 2 },
    });
    expect(capped.data_cap).toEqual({ gb: 2, used_kb: 1024 * 1024, barred: false });
    expect(capped.message).toBe("The line's data is capped at 2 GB a period.");
    expect((await use(c, teen, { data_mb: 700 })).status).toBe(200);
    expect(await hold()).toBe(0);
    expect(await titlesOf(c, teen)).toContain('Data cap nearly reached');
    expect(await titlesOf(c, owner)).toContain('Data cap nearly reached');
    expect((await use(c, teen, { data_mb: 400 })).status).toBe(200);
    expect(await hold()).toBe(1);
    expect(await hold()).toBe(0);
    expect((await titlesOf(c, owner)).filter((t) => t === 'Data cap reached')).toHaveLength(1);
    expect((await titlesOf(c, teen)).filter((t) => t === 'Data cap nearly reached')).toHaveLength(1);
    const [bar] = await c.handle.db
      .select()
      .from(schema.networkOrders)
      .where(and(eq(schema.networkOrders.line, teen.ssn), like(schema.networkOrders.cause, '%householdCap%')));
    expect(bar?.characteristics).toEqual({ barred: true, reason: 'householdCap' });
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(409);
    expect((await use(c, teen, { texts: 1, destination: '+353871234567' })).status).toBe(200);
    const { _payload: raised } = await ok(c.app, householdApi.setDataCap, {
      session: owner.session,
      params: on(owner, teen),
      body: { gb: 3 },
    });
    expect(raised.data_cap.gb).toBe(3);
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(200);
    // The line sees the cap but cannot change it.
    await refused(
      c.app,
      householdApi.setDataCap,
      { session: teen.session, params: on(teen, teen), body: { gb: null } },
      householdFailures.noSuchControlledLine,
    );
    // Capped again and stopped (a moment later), then the line leaves: the household's bar goes with it, and the line is told.
    c.clock.advance(1000);
    await ok(c.app, householdApi.setDataCap, { session: owner.session, params: on(owner, teen), body: { gb: 1 } });
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(409);
    await ok(c.app, householdApi.leave, { session: teen.session, params: on(teen, teen) });
    await settleNetwork(c);
    expect((await use(c, teen, { data_mb: 5 })).status).toBe(200);
    expect(await titlesOf(c, teen)).toContain('Your household’s settings are lifted');
  });

  it('a line reported lost while all its service is paused stays suspended at the network when the pause ends', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    await ok(c.app, householdApi.pause, { session: owner.session, params: on(owner, teen), body: { kind: 'all' } });
    await settleNetwork(c);
    await c.handle.db.update(schema.sims).set({ blockedAt: c.clock.now }).where(eq(schema.sims.ssn, teen.ssn));
    const { _payload: resumed } = await ok(c.app, householdApi.resume, {
      session: owner.session,
      params: on(owner, teen),
    });
    expect(resumed.pause).toEqual({ kind: null, until: null, network: 'done' });
    expect((await ordersOf(c, teen)).map((o) => o.characteristics['state'])).toEqual(['suspended']);
  });

  it('all service paused, the line changes to an eSIM: the new SIM stays suspended, as the network keeps it, also after the sandbox restarts', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    await ok(c.app, householdApi.pause, { session: owner.session, params: on(owner, teen), body: { kind: 'all' } });
    await settleNetwork(c);
    const code = await stepUpCode(c, teen.session, 'sim');
    const res = await send(c.app, simSettingsApi.changeToEsim, {
      session: teen.session,
      params: on(teen, teen),
      body: { password: BUILT_PASSWORD },
      stepUpCode: code,
    });
    expect(res.status).toBe(201);
    const esim = (await res.json())._payload.sim.ssn as string;
    await settleNetwork(c);
    const [sim] = await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, esim));
    expect(sim).toMatchObject({ status: 'active', lineState: 'suspended' });
    expect(await reconcileNetwork(jobs, c.network)).toEqual([]);
    // A sandbox network started again (the embedded default restarted) reads the line's state from the database.
    const again = sandboxNetworkAdapter({
      secret: 'network-secret-for-a-restart-0000000000',
      delayMs: null,
      db: c.handle.db,
    });
    expect(await again.sandbox.refuses(teen.msisdn, false, true)).toBe('the line is suspended');
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(409);
    await ok(c.app, householdApi.resume, { session: owner.session, params: { user_id: owner.userId, ssn: esim } });
    await settleNetwork(c);
    expect((await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, esim)))[0]!.lineState).toBe(
      'active',
    );
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(200);
  });

  it('all service paused: the SIM says suspended as the network does; a lost SIM unblocked meanwhile stays suspended until the pause ends', async () => {
    const c = ctx();
    const { owner, teen } = await family(c);
    const jobs = { db: c.handle.db, clock: () => c.clock.now };
    const lineState = async () =>
      (await c.handle.db.select().from(schema.sims).where(eq(schema.sims.ssn, teen.ssn)))[0]!.lineState;
    await ok(c.app, householdApi.pause, { session: owner.session, params: on(owner, teen), body: { kind: 'all' } });
    await settleNetwork(c);
    expect(await lineState()).toBe('suspended');
    // The daily reconciliation sees the line as the network holds it: no difference.
    expect(await reconcileNetwork(jobs, c.network)).toEqual([]);
    // The line's member reports it lost, then finds it and unblocks it with a code: still paused, nothing made active.
    const sim = { session: teen.session, params: on(teen, teen) };
    await ok(c.app, securityApi.blockSim, sim);
    await settleNetwork(c);
    const code = await stepUpCode(c, teen.session, 'unblock');
    await ok(c.app, securityApi.unblockSim, { ...sim, headers: { [STEP_UP_HEADER]: code } });
    await settleNetwork(c);
    const states = async () =>
      (
        await c.handle.db
          .select()
          .from(schema.networkOrders)
          .where(and(eq(schema.networkOrders.line, teen.ssn), eq(schema.networkOrders.service, 'mobileLine')))
          .orderBy(schema.networkOrders.id)
      ).map((o) => o.characteristics['state']);
    expect(await states()).toEqual(['suspended', 'suspended']);
    expect(await lineState()).toBe('suspended');
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(409);
    // The pause ends: the line is active again, at the network and here.
    await ok(c.app, householdApi.resume, { session: owner.session, params: on(owner, teen) });
    await settleNetwork(c);
    expect(await states()).toEqual(['suspended', 'suspended', 'active']);
    expect(await lineState()).toBe('active');
    expect(await reconcileNetwork(jobs, c.network)).toEqual([]);
    expect((await use(c, teen, { minutes: 1, destination: '+353871234567' })).status).toBe(200);
  });
});
