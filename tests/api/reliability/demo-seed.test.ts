import { membershipRoamingKb, roamingGb } from '../../../src/contract/roaming.ts';
import { eq, sql } from 'drizzle-orm';
import { dailyUsage, ledger } from '../../../src/server/db/schema.ts';
import { expect, it } from 'vitest';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { accountFailures } from '../../../src/contract/account.calls.ts';
import { messages } from '../../../src/contract/messages.ts';
import { createApp } from '../../../src/server/app.ts';
import { demoSsn } from '../../../src/server/seed/seed.ts';
import { sandboxDelivery } from '../../../src/server/modules/lines/integrations/delivery/index.ts';
import { runDeliveries } from '../../../src/server/modules/lines/deliveries.job.ts';
import {
  call,
  errorAnswer,
  forEachDatabase,
  login,
  SEED_TIME,
  settleNetwork,
  type Session,
  type TestContext,
} from '../support/harness.ts';

const DAY = 86_400_000;
const gb = (n: number) => Math.round(n * KB_PER_GB);

async function summaryOf(ctx: TestContext, email: string, n: number) {
  const s = await login(ctx.app, email);
  const res = await call(ctx.app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/balance/summary/current`);
  return { status: res.status, body: await res.json() };
}

/**
 * The demo seed is a contract (docs/product/demo-accounts.md): a person trying the portal and the browser
 * journeys rely on each demo member being in the state it names. These tests check that contract,
 * and so sign the demo members in on purpose; the rules themselves are tested on members made by
 * builders (account.test.ts and the rest).
 */
const json = (method: string, body?: unknown) => ({
  method,
  ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  headers: { 'content-type': 'application/json' },
});
const req = (c: TestContext, s: Session, method: string, path: string, body?: unknown) =>
  call(c.app, s, `/panda/protected/users/${s.userId}${path}`, json(method, body));

forEachDatabase('demo_seed', (ctx) => {
  it('active: the full balance summary, computed from the seeded state', async () => {
    const { status, body } = await summaryOf(ctx(), 'active@example.com', 1);
    expect(status).toBe(200);
    const b = body._payload.current_month_balance_summary;
    expect(b).toMatchObject({
      is_current_membership: true,
      main: 750,
      product_SKU: 'BDDT00',
      current_membership: 'Data Plus €9.99 Membership',
      is_unlimited: false,
      max_membership_data: gb(30),
      max_data: gb(30) + gb(1.5),
      used_data: gb(11.25),
      left_data: gb(30) + gb(1.5) - gb(11.25),
      left_membership_data: gb(30) - gb(11.25),
      carryover_data: gb(1.5),
      days_left: 12,
      expiry_date: new Date(SEED_TIME.getTime() + 12 * DAY).toISOString(),
      have_queued_membership: true,
      queued_membership_start_date: new Date(SEED_TIME.getTime() + 12 * DAY).toISOString(),
      recurrence_enabled: true,
      membership_recurrence_sku: 'BDDT00',
      mobile_minutes: { max: null, left: null },
      minutes: { max: 300 },
      text: { max: null, left: null },
    });
    // Calls and texts follow the period's 18 days so far, as the daily use behind them adds up.
    const [use] = await ctx()
      .handle.db.select({
        minutes: sql<number>`sum(${dailyUsage.minutes})::int`,
        texts: sql<number>`sum(${dailyUsage.texts})::int`,
        days: sql<number>`count(*)::int`,
      })
      .from(dailyUsage)
      .where(eq(dailyUsage.ssn, demoSsn(1)));
    expect(use!.days).toBe(18);
    expect(b.mobile_minutes.used + b.minutes.used).toBe(use!.minutes);
    expect(b.text.used).toBe(use!.texts);
    expect(b.minutes.left).toBe(300 - b.minutes.used);
    expect(b.mobile_minutes.used).toBeGreaterThan(18 * 2);
    // Another member talks at their own pace, for their own days.
    const other = (await summaryOf(ctx(), 'unlimited@example.com', 2)).body._payload.current_month_balance_summary;
    expect(other.mobile_minutes.used).not.toBe(b.mobile_minutes.used);
    expect(b.goodybags_summary.goodyBags).toHaveLength(2);
    // The law's EU allowance of a €9.99 membership started in 2026 (docs/product/roaming.md): 14.76 GB.
    expect(b.roaming_data.max).toBe(membershipRoamingKb(999, SEED_TIME));
    expect(roamingGb(b.roaming_data.max!)).toBe('14.76');
  });

  it('the summary follows the clock: a day later one day fewer is left', async () => {
    ctx().clock.advance(DAY);
    const { body } = await summaryOf(ctx(), 'active@example.com', 1);
    expect(body._payload.current_month_balance_summary.days_left).toBe(11);
  });

  it('unlimited: is_unlimited with fair-usage limits set and partly used', async () => {
    const { body } = await summaryOf(ctx(), 'unlimited@example.com', 2);
    expect(body._payload.current_month_balance_summary).toMatchObject({
      is_unlimited: true,
      current_membership: 'All Data €12.99 Membership',
      product_SKU: 'BDDV00',
      max_fup_data: gb(120),
      used_fup_data: gb(48),
      left_fup_data: gb(72),
      max_membership_fup_data: gb(120),
      max_data: null,
      left_data: null,
    });
  });

  it('onboard: no current membership, the onboard bundle with max and remaining data', async () => {
    const { body } = await summaryOf(ctx(), 'onboard@example.com', 3);
    const b = body._payload.current_month_balance_summary;
    expect(b.is_current_membership).toBe(false);
    expect(b.days_left).toBe(0);
    expect(b.goodybags_summary.goodyBags).toEqual([
      { product_sku: 'BDEG00', max_onboard_data: gb(1), onboard_data: 700_000, days_left_for_expiry: 25 },
    ]);
  });

  it('lapsed: no current membership, a previous one, the onboard bundle used up', async () => {
    const { body } = await summaryOf(ctx(), 'lapsed@example.com', 4);
    const b = body._payload.current_month_balance_summary;
    expect(b).toMatchObject({ is_current_membership: false, previous_SKU: 'BDDT00' });
    expect(b.goodybags_summary.goodyBags[0]).toMatchObject({ product_sku: 'BDEG00', onboard_data: 0 });
  });

  it('advance may take a top-up advance; owing owes €5.50 with €0.00 credit (docs/product/lifelines.md)', async () => {
    const state = async (email: string, n: number) => {
      const s = await login(ctx().app, email);
      const res = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/advance`);
      return (await res.json())._payload as { eligible: boolean; reason: string | null; owed_cents: number };
    };
    expect(await state('advance@example.com', 34)).toMatchObject({ eligible: true, reason: null, owed_cents: 0 });
    // docs/product/demo-accounts.md: its SIM is 120 days old with two card top-ups in the last 90 days.
    const topUps = await ctx()
      .handle.db.select({ at: ledger.occurredAt })
      .from(ledger)
      .where(
        sql`${ledger.ssn} = ${demoSsn(34)} and ${ledger.kind} = 'top-up' and ${ledger.cardCents} > 0 and ${ledger.occurredAt} > ${new Date(SEED_TIME.getTime() - 90 * DAY)}`,
      );
    expect(topUps).toHaveLength(2);
    expect(await state('owing@example.com', 35)).toMatchObject({
      eligible: false,
      reason: 'advance.outstanding',
      owed_cents: 550,
    });
    const { body } = await summaryOf(ctx(), 'owing@example.com', 35);
    expect(body._payload.current_month_balance_summary.main).toBe(0);
  });

  it('traveller is in France with 3.00 of 14.76 GB used; creditonly has 14.78 GB from credit (docs/product/roaming.md)', async () => {
    const roaming = async (email: string, n: number) => {
      const s = await login(ctx().app, email);
      const res = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/roaming`);
      expect(res.status).toBe(200);
      return (await res.json())._payload as {
        country_name: string | null;
        zone: string | null;
        allowance: { from: string; max_kb: number; used_kb: number; left_kb: number };
        notices: { title: string }[];
      };
    };
    const t = await roaming('traveller@example.com', 43);
    expect(t).toMatchObject({ country_name: 'France', zone: '1' });
    expect(t.allowance.from).toBe('membership');
    expect([t.allowance.max_kb, t.allowance.used_kb, t.allowance.left_kb].map(roamingGb)).toEqual([
      '14.76',
      '3.00',
      '11.76',
    ]);
    expect(t.notices.map((n) => n.title)).toEqual(['Welcome to France: roam like at home']);
    const c = await roaming('creditonly@example.com', 44);
    expect(c.allowance.from).toBe('credit');
    expect(roamingGb(c.allowance.max_kb)).toBe('14.78');
  });

  it('movedaway’s number left for another network 3 days ago with €7.50 to ask back by transfer, its card payment too old to refund (docs/product/money.md)', async () => {
    const s = await login(ctx().app, 'movedaway@example.com');
    const res = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(45)}/port-out/credit`);
    expect(res.status).toBe(200);
    expect((await res.json())._payload).toMatchObject({
      msisdn: '0871000045',
      state: 'offered',
      amount_cents: 750,
      card_cents: 0,
      card: null,
      can_ask: true,
      message: 'Your number moved to another network on 19 November 2026. You have €7.50 of credit: ask for it back.',
    });
    // No active SIM: the dashboard says so and leads to the credit back.
    const owned = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/owned`);
    expect((await owned.json())._payload.values).toEqual([]);
  });

  it('family owns a household with teen and gran, €12.00 and a Visa ending 4242; cousin has none (docs/product/lifelines.md)', async () => {
    const c = ctx();
    const family = await login(c.app, 'family@example.com');
    const lines = (await (await req(c, family, 'GET', '/household/lines')).json())._payload.values as {
      ssn: string;
      msisdn: string;
      name: string;
      credit_cents: number;
      membership: string;
      auto_renew: boolean;
    }[];
    expect(lines).toEqual([
      expect.objectContaining({ ssn: demoSsn(37), msisdn: '0871000037', name: 'Tadhg Walsh', credit_cents: 20 }),
      expect.objectContaining({
        ssn: demoSsn(38),
        msisdn: '0871000038',
        membership: 'All Data €12.99 Membership',
        auto_renew: true,
      }),
    ]);
    expect((await summaryOf(c, 'family@example.com', 36)).body._payload.current_month_balance_summary.main).toBe(1200);
    const { card } = (await (await req(c, family, 'GET', '/cards')).json())._payload;
    expect(card).toMatchObject({ brand: 'VISA', last4: '4242', expiry: '10/30' });
    const teen = await login(c.app, 'teen@example.com');
    expect((await (await req(c, teen, 'GET', '/household')).json())._payload).toMatchObject({
      role: 'line',
      owner: { name: 'Fiona Walsh', email: 'family@example.com' },
    });
    const cousin = await login(c.app, 'cousin@example.com');
    expect((await (await req(c, cousin, 'GET', '/household')).json())._payload).toMatchObject({ role: 'none' });
  });

  it('oneday: one day left', async () => {
    const { body } = await summaryOf(ctx(), 'oneday@example.com', 17);
    expect(body._payload.current_month_balance_summary.days_left).toBe(1);
  });

  it('detailsmissing answers 400 and unavailable answers 504, with messages', async () => {
    const missing = await summaryOf(ctx(), 'detailsmissing@example.com', 10);
    expect(missing).toEqual({
      status: 400,
      body: errorAnswer(accountFailures.accountDetailsMissing),
    });
    const down = await summaryOf(ctx(), 'unavailable@example.com', 11);
    expect(down).toEqual({ status: 504, body: errorAnswer(accountFailures.billingUnavailable) });
    expect(accountFailures.billingUnavailable.message).toBe(messages.serviceUnavailable);
  });

  it('sims/owned lists the member’s SIM, answers 400 while activation is in progress, and none without a SIM', async () => {
    const a = await login(ctx().app, 'active@example.com');
    expect(await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/sims/owned`)).json()).toEqual({
      _meta: { total: 1 },
      _payload: {
        values: [
          {
            ssn: demoSsn(1),
            msisdn: '0871000001',
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
    const act = await login(ctx().app, 'activating@example.com');
    const res = await call(ctx().app, act, `/panda/protected/users/${act.userId}/sims/owned`);
    expect(res.status).toBe(400);
    expect((await res.json())._payload.message).toBe(accountFailures.activationInProgress.message);
    const none = await login(ctx().app, 'nosim@example.com');
    expect(await (await call(ctx().app, none, `/panda/protected/users/${none.userId}/sims/owned`)).json()).toEqual({
      _meta: { total: 0 },
      _payload: { values: [] },
    });
  });

  it('segments: PORTIN_IN_PROGRESS for portin, none for active', async () => {
    const p = await login(ctx().app, 'portin@example.com');
    expect(await (await call(ctx().app, p, `/panda/protected/users/${p.userId}/segments`)).json()).toEqual({
      _payload: { values: [{ segment_type: 'PORTIN_IN_PROGRESS' }] },
    });
    const a = await login(ctx().app, 'active@example.com');
    expect(await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/segments`)).json()).toEqual({
      _payload: { values: [] },
    });
  });

  it('legacy flag, bulk eligibility and notifications', async () => {
    const l = await login(ctx().app, 'legacy@example.com');
    expect(
      await (await call(ctx().app, l, `/panda/protected/users/${l.userId}/flexidata/getislegacyuser`)).json(),
    ).toEqual({
      _payload: { isLegacyUser: true, legacyUserDetails: { memberShipType: 'LEGACY' } },
    });
    const a = await login(ctx().app, 'active@example.com');
    expect(
      (await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/flexidata/getislegacyuser`)).json())._payload
        .isLegacyUser,
    ).toBe(false);
    expect(
      (await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/iseligibleforbulkmembership`)).json())
        ._payload.eligible,
    ).toBe(true);
    const o = await login(ctx().app, 'onboard@example.com');
    expect(
      (await (await call(ctx().app, o, `/panda/protected/users/${o.userId}/iseligibleforbulkmembership`)).json())
        ._payload.eligible,
    ).toBe(false);
    const n = (await (await call(ctx().app, a, `/panda/protected/users/${a.userId}/notification/inapp/summary`)).json())
      ._payload;
    expect(n).toMatchObject({ unread: 1, total: 2 });
    expect(n.latest[0].title).toBe('Your data tip');
  });

  it('transactions: newest first, paged, and the amounts add up to the credit', async () => {
    const a = await login(ctx().app, 'active@example.com');
    const page = async (p: number, limit = 3) =>
      (await call(ctx().app, a, `/panda/protected/users/${a.userId}/transactions?page=${p}&limit=${limit}`)).json();
    const rows = await ctx()
      .handle.db.select({ id: ledger.id })
      .from(ledger)
      .where(eq(ledger.ssn, demoSsn(1)));
    expect(rows.length).toBeGreaterThan(6);
    const first = await page(1);
    expect(first._meta).toMatchObject({ total: rows.length, page: 1, limit: 3 });
    expect(first._meta.next).toMatch(/^[0-9]+\.[0-9]+$/);
    expect(first._payload.values).toHaveLength(3);
    const dates = first._payload.values.map((v: { date: string }) => v.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    const pages = Math.ceil(rows.length / 3);
    const last = await page(pages);
    expect(last._payload.values).toHaveLength(rows.length - (pages - 1) * 3);
    const all = await page(1, 100);
    const ids = new Set(all._payload.values.map((v: { id: number }) => v.id));
    expect(ids.size).toBe(rows.length);
    const total = all._payload.values.reduce((sum: number, v: { amount: number }) => sum + v.amount, 0);
    const { body } = await summaryOf(ctx(), 'active@example.com', 1);
    expect(total).toBe(body._payload.current_month_balance_summary.main);
    // Its own membership, once a period (30 days), not more often: the purchases are 30 days apart.
    const bought = all._payload.values
      .filter((v: { description: string }) => v.description === 'Data Plus €9.99 Membership')
      .map((v: { date: string }) => Date.parse(v.date));
    expect(bought.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < bought.length; i++) expect(bought[i - 1]! - bought[i]!).toBe(30 * DAY);
    const none = await login(ctx().app, 'nosim@example.com');
    expect(
      (await (await call(ctx().app, none, `/panda/protected/users/${none.userId}/transactions`)).json())._meta.total,
    ).toBe(0);
  });

  it('every receipt of the demo data adds up: a card payment has its card amount and card', async () => {
    const c = ctx();
    for (const email of [
      'active@example.com',
      'card@example.com',
      'controls@example.com',
      'rich@example.com',
      'owing@example.com',
    ]) {
      const s = await login(c.app, email);
      const list = (await (await req(c, s, 'GET', '/transactions?limit=100')).json())._payload.values as {
        id: number;
        receipt: boolean;
        description: string;
      }[];
      const receipts = list.filter((t) => t.receipt);
      expect(receipts.filter((t) => t.description === 'Top-up by card').length, email).toBeGreaterThan(0);
      for (const t of receipts) {
        const r = (await (await req(c, s, 'GET', `/transactions/${t.id}`)).json())._payload;
        expect(r.total_cents, `${email} ${t.description}`).toBeGreaterThan(0);
        expect(r.total_cents).toBe(r.credit_cents + r.card_cents);
        if (r.kind === 'top-up')
          expect(r).toMatchObject({ card_cents: r.total_cents, card: { last4: expect.stringMatching(/^\d{4}$/) } });
        if (r.card_cents > 0) expect(r.card).not.toBeNull();
      }
    }
  });

  it('portin@ (demo): the request behind the segment, with its timeline; the donor moves it on its day, not before', async () => {
    const c = ctx();
    const s = await login(c.app, 'portin@example.com');
    const request = (await (await req(c, s, 'GET', '/portin')).json())._payload.request;
    expect(request).toMatchObject({ status: 'scheduled', msisdn: '0851234508', current_provider: 'Vodafone' });
    expect(request.events.map((e: { status: string }) => e.status)).toEqual(['requested', 'validating', 'scheduled']);
    const segments = (await (await req(c, s, 'GET', '/segments')).json())._payload;
    expect(JSON.stringify(segments)).toContain('PORTIN_IN_PROGRESS');
    // Its order goes to the network, which completes it on the day named, not before.
    await settleNetwork(c);
    c.clock.advance(6 * 86_400_000);
    await settleNetwork(c);
    expect(
      (await (await req(c, await login(c.app, 'portin@example.com'), 'GET', '/portin')).json())._payload.request.status,
    ).toBe('scheduled');
    c.clock.advance(86_400_000);
    expect((await settleNetwork(c)).moved).toBe(1);
    expect(
      (await (await req(c, await login(c.app, 'portin@example.com'), 'GET', '/portin')).json())._payload.request.status,
    ).toBe('completed');
  });

  it('parcel@ (demo): a free SIM dispatched an hour ago; the sandbox carrier delivers it 10 minutes after it is first asked', async () => {
    const c = ctx();
    const s = await login(c.app, 'parcel@example.com');
    const mine = async () => (await (await req(c, s, 'GET', '/orders')).json())._payload.values[0];
    expect(await mine()).toMatchObject({ sku: 'Pre_Start_3FF_N', status: 'SIM_ORDERED', delivered_at: null });
    expect((await mine()).dispatched_at).not.toBeNull();
    const carrier = sandboxDelivery(() => c.clock.now);
    const turn = () => runDeliveries({ db: c.handle.db, clock: () => c.clock.now }, carrier);
    // Other demo orders on their way (SIMs sent to friends) move too; parcel@'s waits its 10 minutes.
    await turn();
    c.clock.advance(9 * 60_000);
    await turn();
    expect((await mine()).status).toBe('SIM_ORDERED');
    c.clock.advance(60_000);
    expect(await turn()).toBeGreaterThanOrEqual(1);
    expect(await mine()).toMatchObject({ status: 'SIM_DELIVERED', delivered_at: c.clock.now.toISOString() });
  });

  it('complaint@ (demo): 48-C-000040, received 12 working days ago, late with the ComReg card; answered@: 48-C-000041 responded', async () => {
    const c = ctx();
    const s = await login(c.app, 'complaint@example.com');
    const [overdue] = (await (await req(c, s, 'GET', '/support/tickets')).json())._payload.values;
    expect(overdue).toMatchObject({
      reference: '48-C-000040',
      state: 'acknowledged',
      overdue: true,
      comreg: true,
      can_escalate: true,
    });
    const a = await login(c.app, 'answered@example.com');
    const timeline = (await (await req(c, a, 'GET', '/support/tickets/48-C-000041')).json())._payload;
    expect(timeline).toMatchObject({ state: 'response', overdue: false, comreg: true });
    expect(timeline.entries.map((e: { kind: string }) => e.kind)).toEqual(['received', 'acknowledged', 'response']);
    // A new ticket gets a number of its own, above the demo ones.
    const raised = await req(c, a, 'POST', '/support/complaints', { message: 'Another complaint about my data.' });
    expect((await raised.json())._payload.reference).toMatch(/^48-C-00(1|[2-9])\d{3}$/);
  });

  it('the factory over HTTP (TEST_MEMBERS): a copy of a demo member in the same state, with its own address and numbers', async () => {
    const c = ctx();
    const make = (app: { request: TestContext['app']['request'] }, body: unknown) =>
      app.request('/sandbox/test-members', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // Off unless configured: the harness's app (as every server without TEST_MEMBERS) has no such route.
    expect((await make(c.app, { like: 'active' })).status).toBe(404);
    const app = createApp({
      db: c.handle.db,
      config: { ...c.config, testMembers: true },
      clock: () => c.clock.now,
      payments: c.payments,
    });
    expect((await make(app, { like: 'nobody' })).status).toBe(400);
    expect((await make(app, { like: 'active', extra: 1 })).status).toBe(400);

    const res = await make(app, { like: 'active' });
    expect(res.status).toBe(201);
    const copy = (await res.json()) as { email: string; password: string; userId: number; ssn: string; msisdn: string };
    expect(copy.email).toMatch(/^active-\w+@example\.com$/);
    expect(copy.ssn).not.toBe(demoSsn(1));
    const demo = await summaryOf(c, 'active@example.com', 1);
    const s = await login(c.app, copy.email, copy.password);
    const mine = await call(c.app, s, `/panda/protected/users/${s.userId}/sims/${copy.ssn}/balance/summary/current`);
    expect(mine.status).toBe(200);
    expect((await mine.json())._payload).toEqual(demo.body._payload);

    // A household's owner comes with its lines, each a member of its own.
    const family = (await (await make(app, { like: 'family' })).json()) as { email: string; lines: { ssn: string }[] };
    expect(family.lines).toHaveLength(2);
    const owner = await login(c.app, family.email);
    const lines = (await (await req(c, owner, 'GET', '/household/lines')).json())._payload.values as { ssn: string }[];
    expect(lines.map((l) => l.ssn).sort()).toEqual(family.lines.map((l) => l.ssn).sort());
    // A spec alone is the whole state.
    const plain = (await (await make(app, { spec: { creditCents: 1234 } })).json()) as { email: string; ssn: string };
    const p = await login(c.app, plain.email, 'Built-member-2026');
    const summary = await call(
      c.app,
      p,
      `/panda/protected/users/${p.userId}/sims/${plain.ssn}/balance/summary/current`,
    );
    expect((await summary.json())._payload.current_month_balance_summary.main).toBe(1234);
  });
});
