import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { accountFailures } from '../../../src/contract/account.calls.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { transactionsApi } from '../../../src/contract/transactions.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { DAY } from '../../../src/server/kernel/clock.ts';
import { createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

const gb = (n: number) => Math.round(n * KB_PER_GB);
const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });
const summaryOf = async (ctx: TestContext, m: BuiltMember) =>
  (await ok(ctx.app, accountApi.balanceSummary, sim(m)))._payload.current_month_balance_summary;

/** The account's reads (spec section 7) computed from the member's state, on members made by builders. */
forEachDatabase('account', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('the balance summary: credit, the membership’s data, what is used and left, days left, the queued one and auto-renew', async () => {
    const m = await createMember(ctx(), {
      creditCents: 750,
      membership: {
        sku: 'BDDT00',
        daysLeft: 12,
        usedGb: 11.25,
        recurrence: true,
        queued: 'BDDT00',
        landlineUsed: 42,
      },
      goodyBags: [{ sku: 'BDEG00', maxKb: gb(1), leftKb: 700_000, daysLeft: 25 }],
    });
    const b = await summaryOf(ctx(), m);
    const ends = new Date(ctx().clock.now.getTime() + 12 * DAY).toISOString();
    expect(b).toMatchObject({
      is_current_membership: true,
      main: 750,
      product_SKU: 'BDDT00',
      current_membership: 'Data Plus €9.99 Membership',
      is_unlimited: false,
      max_membership_data: gb(30),
      used_data: gb(11.25),
      left_membership_data: gb(30) - gb(11.25),
      days_left: 12,
      expiry_date: ends,
      have_queued_membership: true,
      queued_membership_start_date: ends,
      recurrence_enabled: true,
      membership_recurrence_sku: 'BDDT00',
      minutes: { max: 300, used: 42, left: 258 },
    });
    expect(b.goodybags_summary.goodyBags).toEqual([
      { product_sku: 'BDEG00', max_onboard_data: gb(1), onboard_data: 700_000, days_left_for_expiry: 25 },
    ]);
    // The clock moves the days left, not the seed.
    ctx().clock.advance(DAY);
    expect((await summaryOf(ctx(), { ...m, session: await signIn(ctx(), m) })).days_left).toBe(11);
  });

  it('unlimited: is_unlimited with the fair-usage figures; a period that has ended is not current (0 days left); one day left is 1', async () => {
    const unlimited = await createMember(ctx(), {
      creditCents: 500,
      membership: { sku: 'BDDV00', daysLeft: 20, usedGb: 48, recurrence: true },
    });
    expect(await summaryOf(ctx(), unlimited)).toMatchObject({
      is_unlimited: true,
      current_membership: 'All Data €12.99 Membership',
      product_SKU: 'BDDV00',
      max_fup_data: gb(120),
      used_fup_data: gb(48),
      left_fup_data: gb(72),
      max_data: null,
      left_data: null,
    });
    const lapsed = await createMember(ctx(), {
      creditCents: 0,
      membership: { sku: 'BDDT00', endedHoursAgo: 48, usedGb: 30 },
    });
    expect(await summaryOf(ctx(), lapsed)).toMatchObject({
      is_current_membership: false,
      days_left: 0,
    });
    const oneDay = await createMember(ctx(), { creditCents: 150, membership: { sku: 'BDDT00', daysLeft: 1 } });
    expect((await summaryOf(ctx(), oneDay)).days_left).toBe(1);
  });

  it('a long history: the summary shows the current and queued memberships and names the last one past, not an older one', async () => {
    const c = ctx();
    const m = await createMember(c, {
      creditCents: 300,
      membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 2, queued: 'BDDV00' },
    });
    const [current] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    const { id: _id, ...row } = current!;
    // Two years of months before it: the newest past one a BDDT03, every older one a BDDV00.
    const months = Array.from({ length: 24 }, (_, i) => {
      const endsAt = new Date(current!.startsAt.getTime() - i * 30 * DAY);
      return {
        ...row,
        sku: i === 0 ? 'BDDT03' : 'BDDV00',
        status: 'past' as const,
        startsAt: new Date(endsAt.getTime() - 30 * DAY),
        endsAt,
      };
    });
    await c.handle.db.insert(schema.memberships).values(months);
    expect(await summaryOf(c, m)).toMatchObject({
      is_current_membership: true,
      product_SKU: 'BDDT00',
      previous_SKU: 'BDDT03',
      used_data: gb(2),
      days_left: 10,
      have_queued_membership: true,
    });
  });

  it('no balance on the billing platform answers 400, billing down answers 504; activating 400; no SIM an empty list', async () => {
    const missing = await createMember(ctx(), { creditCents: null });
    await refused(ctx().app, accountApi.balanceSummary, sim(missing), accountFailures.accountDetailsMissing);
    const down = await createMember(ctx(), { billing: 'unavailable' });
    await refused(ctx().app, accountApi.balanceSummary, sim(down), accountFailures.billingUnavailable);

    const active = await createMember(ctx(), { creditCents: 100 });
    expect(
      await ok(ctx().app, accountApi.simsOwned, { session: active.session, params: { user_id: active.userId } }),
    ).toEqual({
      _meta: { total: 1 },
      _payload: {
        values: [
          {
            ssn: active.ssn,
            msisdn: active.msisdn,
            product: 'Pre_Start_3FF_N',
            requester: '1',
            blocked: false,
            kind: 'physical',
            line_state: 'active',
            network_waiting: false,
          },
        ],
      },
    });
    const activating = await createMember(ctx(), { sim: 'activating' });
    await refused(
      ctx().app,
      accountApi.simsOwned,
      { session: activating.session, params: { user_id: activating.userId } },
      accountFailures.activationInProgress,
    );
    const none = await createMember(ctx(), { sim: 'none' });
    expect(
      await ok(ctx().app, accountApi.simsOwned, { session: none.session, params: { user_id: none.userId } }),
    ).toEqual({ _meta: { total: 0 }, _payload: { values: [] } });
  });

  it('an activation in progress says since when, the same for every device; none says so; another member’s is refused', async () => {
    const c = ctx();
    const started = await createMember(c, { sim: 'activating', simAgeDays: 0 });
    const activation = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId } });
    expect((await ok(c.app, accountApi.activation, activation(started)))._payload).toEqual({
      activating: true,
      since: c.clock.now.toISOString(),
    });
    const active = await createMember(c, {});
    expect((await ok(c.app, accountApi.activation, activation(active)))._payload).toEqual({
      activating: false,
      since: null,
    });
    const theirs = await c.app.request(`/panda/protected/users/${started.userId}/sims/activation`, {
      headers: active.session.headers,
    });
    expect(theirs.status).toBe(403);
  });

  it('segments, the legacy flag and bulk eligibility follow the member’s state', async () => {
    const portIn = await createMember(ctx(), {
      creditCents: 300,
      membership: { sku: 'BDDT00' },
      portIn: { msisdn: '0851234508', provider: 'Vodafone', movesInDays: 7 },
    });
    const plain = await createMember(ctx(), { creditCents: 750, membership: { sku: 'BDDT00' } });
    const legacy = await createMember(ctx(), { creditCents: 1200, legacy: 'LEGACY', membership: { sku: 'BDDT00' } });
    const noMembership = await createMember(ctx(), { creditCents: 0 });
    const user = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId } });
    expect(await ok(ctx().app, accountApi.segments, user(portIn))).toEqual({
      _payload: { values: [{ segment_type: 'PORTIN_IN_PROGRESS' }] },
    });
    expect(await ok(ctx().app, accountApi.segments, user(plain))).toEqual({ _payload: { values: [] } });
    expect(await ok(ctx().app, accountApi.legacyStatus, user(legacy))).toEqual({
      _payload: { isLegacyUser: true, legacyUserDetails: { memberShipType: 'LEGACY' } },
    });
    expect((await ok(ctx().app, accountApi.legacyStatus, user(plain)))._payload.isLegacyUser).toBe(false);
    expect((await ok(ctx().app, accountApi.bulkEligibility, user(plain)))._payload.eligible).toBe(true);
    expect((await ok(ctx().app, accountApi.bulkEligibility, user(noMembership)))._payload.eligible).toBe(false);
  });

  it('transactions: newest first, paged, and the amounts add up to the credit', async () => {
    // Credit that came from a carried-forward balance and a recruit reward: two rows.
    const m = await createMember(ctx(), {
      creditCents: 2150,
      membership: { sku: 'BDDT00' },
      recruits: [{ name: 'Ciara Byrne', daysAgo: 20, rewarded: true }],
    });
    // Three add-ons bought with credit: five rows in all, paged below.
    for (let i = 0; i < 3; i++) {
      ctx().clock.advance(60_000);
      await ok(ctx().app, membershipsApi.buyAddon, { ...sim(m), body: { sku: 'BDAO05' } });
    }
    const list = (query: { page?: number; limit?: number; before?: string }) =>
      ok(ctx().app, transactionsApi.list, { session: m.session, params: { user_id: m.userId }, query });
    const all = await list({ page: 1, limit: 100 });
    expect(all._meta).toEqual({ total: 5, page: 1, limit: 100, next: null });
    const dates = all._payload.values.map((v) => v.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all._payload.values.reduce((sum, v) => sum + v.amount, 0)).toBe((await summaryOf(ctx(), m)).main);
    expect(all._payload.values.slice(0, 3).map((v) => v.amount)).toEqual([-500, -500, -500]);
    const pages = await Promise.all([1, 2, 3].map((page) => list({ page, limit: 2 })));
    expect(pages[0]!._meta).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(pages.map((p) => p._payload.values.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p._payload.values.map((v) => v.id))).toEqual(all._payload.values.map((v) => v.id));
    // The same pages read from where each ended (rows of the same time too: the id decides), the last with no next.
    const walked = [await list({ page: 1, limit: 2 })];
    while (walked.at(-1)!._meta.next)
      walked.push(await list({ page: walked.length + 1, limit: 2, before: walked.at(-1)!._meta.next! }));
    expect(walked.map((p) => p._payload.values.map((v) => v.id))).toEqual(
      pages.map((p) => p._payload.values.map((v) => v.id)),
    );
    expect(walked.at(-1)!._meta).toEqual({ total: 5, page: 3, limit: 2, next: null });
    const bad = await send(ctx().app, transactionsApi.list, {
      session: m.session,
      params: { user_id: m.userId },
      query: { before: 'yesterday' },
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('before must be the next cursor of an earlier page');
    // A second SIM of the member's: its rows merge into the same pages, by time and then id.
    const second = `${m.ssn.slice(0, -4)}9999`;
    await ctx().handle.db.insert(schema.sims).values({
      ssn: second,
      memberId: m.userId,
      msisdn: '0859999999',
      product: 'Pre_Start_3FF_N',
      status: 'active',
      puk: '12345678',
      createdAt: ctx().clock.now,
    });
    await ctx()
      .handle.db.insert(schema.ledger)
      .values(
        [1, 2, 3].map((i) => ({
          ssn: second,
          occurredAt: new Date(ctx().clock.now.getTime() - i * 90_000),
          kind: 'topup',
          description: `Second SIM top-up ${i}`,
          creditDeltaCents: 100 * i,
          cardCents: 100 * i,
          reference: `second-sim:${m.userId}:${i}`,
        })),
      );
    const merged = [await list({ page: 1, limit: 3 })];
    while (merged.at(-1)!._meta.next)
      merged.push(await list({ page: merged.length + 1, limit: 3, before: merged.at(-1)!._meta.next! }));
    const byOffset = await Promise.all([1, 2, 3].map((page) => list({ page, limit: 3 })));
    const everything = (await list({ page: 1, limit: 100 }))._payload.values;
    expect(everything).toHaveLength(8);
    const order = everything.map((v) => [Date.parse(v.date), v.id] as const);
    expect([...order].sort((a, b) => b[0] - a[0] || b[1] - a[1])).toEqual(order);
    expect(merged.flatMap((p) => p._payload.values.map((v) => v.id))).toEqual(everything.map((v) => v.id));
    expect(byOffset.flatMap((p) => p._payload.values.map((v) => v.id))).toEqual(everything.map((v) => v.id));

    const none = await createMember(ctx(), { sim: 'none' });
    expect(
      (await ok(ctx().app, transactionsApi.list, { session: none.session, params: { user_id: none.userId } }))._meta
        .total,
    ).toBe(0);
  });
});
