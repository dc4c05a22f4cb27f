import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { flexiFailures, flexiMessages } from '../../../src/contract/flexi-data.schema.ts';
import {
  donations,
  flexiActions,
  ledger,
  memberships,
  spotLoans,
  vaults,
  balances,
} from '../../../src/server/db/schema.ts';
import { runRenewals } from '../../../src/server/modules/money/memberships/renewals.job.ts';
import { runSpotReturns } from '../../../src/server/modules/flexi-data/spot-returns.job.ts';
import { DAY } from '../../../src/server/kernel/clock.ts';
import { BUILT_PASSWORD, createMember, signIn, type BuiltMember, type MemberSpec } from '../support/builders.ts';
import { call, forEachDatabase, login, type Session, type TestContext } from '../support/harness.ts';

const GB = KB_PER_GB;
const data = (sku: string, daysLeft: number, usedGb: number) => ({ sku, daysLeft, usedGb });

/** The members these tests need, made by builders (each test makes its own). */
const specs = {
  /** Data Plus with 20 GB unused. */
  flexi: { creditCents: 300, membership: data('BDDT00', 10, 10) },
  /** 5 GB unused and 3 GB in The Safe. */
  vault: { creditCents: 500, safeGb: 3, membership: data('BDDT00', 14, 25) },
  /** 10 GB unused; a donation in euro (2019) and one in data. */
  donor: {
    creditCents: 400,
    membership: data('BDDT00', 18, 20),
    donations: [
      { on: '2019-11-02T12:00:00Z', cents: 200 },
      { daysAgo: 75, gb: 1 },
    ],
  },
  /** 3 GB unused. */
  sharer: { creditCents: 400, membership: data('BDDT00', 16, 27) },
  /** 10 GB unused, no landline minutes used. */
  swapper: { creditCents: 400, membership: { ...data('BDDT00', 20, 20), landlineUsed: 0 } },
  /** A member to receive data: 24 GB unused. */
  friend: { creditCents: 100, membership: data('BDDT00', 16, 6) },
  /** Less than 1 GB unused. */
  lowbalance: { creditCents: 250, membership: data('BDDT00', 6, 29.8) },
  unlimited: { creditCents: 500, membership: { ...data('BDDV00', 20, 48), recurrence: true } },
  carriedover: { creditCents: 400, carriedOverThisMonth: true, membership: data('BDDT00', 8, 12) },
  /** No membership, only a free SIM's onboarding data. */
  onboard: { creditCents: 0, goodyBags: [{ sku: 'BDEG00', maxKb: KB_PER_GB, leftKb: 700_000, daysLeft: 25 }] },
  /** The billing platform does not answer for this SIM. */
  unavailable: { creditCents: 100, billing: 'unavailable', membership: data('BDDT00', 15, 5) },
  /** No balance on the billing platform (account details missing). */
  detailsmissing: { creditCents: null },
  legacy: { creditCents: 1200, legacy: 'LEGACY', membership: data('BDDT00', 14, 9) },
  activating: { sim: 'activating', creditCents: null },
} satisfies Record<string, MemberSpec>;
const make = (ctx: TestContext, who: keyof typeof specs) => createMember(ctx, specs[who]);

const base = (m: BuiltMember) => `/panda/protected/users/${m.userId}/sims/${m.ssn}/flexidata`;
const post = (ctx: TestContext, m: BuiltMember, path: string, body?: object) =>
  call(ctx.app, m.session, `${base(m)}${path}`, {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
const get = (ctx: TestContext, m: BuiltMember, path = '') => call(ctx.app, m.session, `${base(m)}${path}`);
const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;

/** What the balance summary says of a SIM (the dashboard's source). */
async function summary(ctx: TestContext, m: BuiltMember, session: Session = m.session) {
  const res = await call(ctx.app, session, `/panda/protected/users/${m.userId}/sims/${m.ssn}/balance/summary/current`);
  return ((await res.json()) as { _payload: { current_month_balance_summary: Record<string, number | null> } })._payload
    .current_month_balance_summary;
}

/** All data of a SIM's current membership that is its own (left), the Safe and what it lent: what conservation counts. */
async function current(ctx: TestContext, ssn: string) {
  return (await ctx.handle.db.select().from(memberships).where(eq(memberships.ssn, ssn))).find(
    (m) => m.status === 'current',
  )!;
}

forEachDatabase('flexi_data', { seed: 'catalogue' }, (ctx) => {
  it('overview: unused data, the Safe, this month, legacy status', async () => {
    const s = await make(ctx(), 'vault');
    const res = await get(ctx(), s);
    expect(res.status).toBe(200);
    const { _payload } = await res.json();
    expect(_payload.membership).toMatchObject({
      sku: 'BDDT00',
      unlimited: false,
      unused_kb: 5 * GB,
      continues: false,
    });
    expect(_payload.safe_kb).toBe(3 * GB);
    expect(_payload.month_action).toBeNull();
    expect(_payload.legacy).toEqual({ isLegacyUser: false, memberShipType: null });
    const legacy = await make(ctx(), 'legacy');
    expect((await (await get(ctx(), legacy)).json())._payload.legacy).toEqual({
      isLegacyUser: true,
      memberShipType: 'LEGACY',
    });
  });

  it('carryover: flexi@ carries 20.00 GB once, is told to buy a membership by the end date; a second is refused', async () => {
    const s = await make(ctx(), 'flexi');
    const res = await post(ctx(), s, '/carryover');
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload.message).toBe('20.00 GB is now in the hands of future you.');
    expect(_payload.carried_kb).toBe(20 * GB);
    const m = await current(ctx(), s.ssn);
    expect(_payload.needs_membership_by).toBe(m.endsAt.toISOString());
    expect(m).toMatchObject({ dataOutKb: 20 * GB, carryForwardKb: 20 * GB });
    const b = await summary(ctx(), s);
    expect(b['left_membership_data']).toBe(0);
    expect(b['carry_forward_data']).toBe(20 * GB);

    const again = await post(ctx(), s, '/carryover');
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(flexiMessages.alreadyCarriedOver);
    const ledgerRows = await ctx().handle.db.select().from(ledger).where(eq(ledger.ssn, s.ssn));
    expect(ledgerRows.filter((r) => r.kind === 'flexi').map((r) => r.dataDeltaKb)).toEqual([-20 * GB]);
    // Transactions shows the movement.
    const tx = await (await call(ctx().app, s.session, `/panda/protected/users/${s.userId}/transactions`)).json();
    expect(tx._payload.values[0]).toMatchObject({
      description: 'Carryover: 20 GB kept for your next membership',
      data_kb: -20 * GB,
      amount: 0,
    });
  });

  it('carryover: with auto-renew on the data joins the renewed membership; without a membership by the date it is lost', async () => {
    const s = await make(ctx(), 'flexi');
    const d = await make(ctx(), 'donor');
    await ctx()
      .handle.db.update(memberships)
      .set({ recurrenceEnabled: true, recurrenceSku: 'BDDT00' })
      .where(eq(memberships.ssn, s.ssn));
    await ctx().handle.db.update(balances).set({ creditCents: 2000 }).where(eq(balances.ssn, s.ssn));
    const res = await post(ctx(), s, '/carryover');
    expect((await res.json())._payload.needs_membership_by).toBeNull();
    ctx().clock.advance(11 * DAY);
    await runRenewals({ db: ctx().handle.db, clock: () => ctx().clock.now, payments: ctx().payments });
    const renewed = await current(ctx(), s.ssn);
    expect(renewed.carryoverKb).toBe(20 * GB);

    // donor@ carries over without auto-renew: when the period ends with nothing after it, the data is gone.
    const again = { ...d, session: await signIn(ctx(), d) };
    expect((await post(ctx(), again, '/carryover')).status).toBe(201);
    ctx().clock.advance(20 * DAY);
    await runRenewals({ db: ctx().handle.db, clock: () => ctx().clock.now, payments: ctx().payments });
    const rows = await ctx().handle.db.select().from(memberships).where(eq(memberships.ssn, d.ssn));
    expect(rows.every((m) => m.status === 'past')).toBe(true);
  });

  it("carryover outcomes of each state, in the spec's words", async () => {
    const cases: [keyof typeof specs, number, string][] = [
      ['lowbalance', 422, flexiMessages.carryoverLowBalance],
      ['unlimited', 422, flexiMessages.carryoverNotAvailable],
      ['carriedover', 409, flexiMessages.alreadyCarriedOver],
      ['onboard', 409, flexiMessages.noMembership],
      ['unavailable', 503, flexiMessages.carryoverBackendError],
      ['detailsmissing', 400, flexiMessages.carryoverFailed],
    ];
    for (const [who, status, text] of cases) {
      const s = await make(ctx(), who);
      const res = await post(ctx(), s, '/carryover');
      expect([who, res.status]).toEqual([who, status]);
      expect(await message(res)).toBe(text);
      // Nothing moved for the member whose billing platform did not answer.
      if (who === 'unavailable') expect((await current(ctx(), s.ssn)).dataOutKb).toBe(0);
    }
  });

  it("the billing platform not answering: 'Backend error in performing carryOver' to the member and in the log", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createApp({
      db: ctx().handle.db,
      config: ctx().config,
      clock: () => ctx().clock.now,
      payments: ctx().payments,
      logger,
    });
    const member = await make(ctx(), 'unavailable');
    const s = await login(app, member.email, BUILT_PASSWORD);
    const res = await call(app, s, `${base(member)}/carryover`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await message(res)).toBe(flexiMessages.carryoverBackendError);
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; level: number })
      .filter((l) => l.msg === flexiMessages.carryoverBackendError);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBe(50);
  });

  it('carriedover@: donate and save are refused with the carried-over message; swap is not a monthly action', async () => {
    const s = await make(ctx(), 'carriedover');
    for (const path of ['/donate', '/safe/save']) {
      const res = await post(ctx(), s, path, { amount_gb: 1 });
      expect(res.status).toBe(409);
      expect(await message(res)).toBe(flexiMessages.alreadyCarriedOver);
    }
    expect((await post(ctx(), s, '/swap', { amount_gb: 1 })).status).toBe(201);
  });

  it('donate: donor@ gives 2 GB once this month; the history lists it first, the 2019 donation in euro', async () => {
    const s = await make(ctx(), 'donor');
    const res = await post(ctx(), s, '/donate', { amount_gb: 2 });
    expect(res.status).toBe(201);
    expect((await res.json())._payload).toEqual({ donated_kb: 2 * GB, unused_kb: 8 * GB });
    const again = await post(ctx(), s, '/donate', { amount_gb: 1 });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(flexiMessages.alreadyDonated);
    const saved = await post(ctx(), s, '/safe/save', { amount_gb: 1 });
    expect(await message(saved)).toBe(flexiMessages.alreadyDonated);
    const list = (await (await get(ctx(), s, '/donations')).json())._payload.values;
    expect(
      list.map((d: { unit: string; data_kb: number | null; amount_cents: number | null }) => [
        d.unit,
        d.data_kb,
        d.amount_cents,
      ]),
    ).toEqual([
      ['GB', 2 * GB, null],
      ['GB', GB, null],
      ['EUR', null, 200],
    ]);
    expect(await ctx().handle.db.select().from(donations).where(eq(donations.ssn, s.ssn))).toHaveLength(3);
  });

  it('donate and save: more than the unused data, or not whole GB, are refused and move nothing', async () => {
    const s = await make(ctx(), 'sharer');
    const tooMuch = await post(ctx(), s, '/donate', { amount_gb: 4 });
    expect(tooMuch.status).toBe(422);
    expect(await message(tooMuch)).toBe(flexiFailures.donate.tooMuch.message);
    for (const body of [{ amount_gb: 0 }, { amount_gb: 1.5 }, { amount_gb: '1' }, {}]) {
      const res = await post(ctx(), s, '/safe/save', body);
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/amount_gb/);
    }
    expect((await current(ctx(), s.ssn)).dataOutKb).toBe(0);
    const low = await make(ctx(), 'lowbalance');
    const res = await post(ctx(), low, '/donate', { amount_gb: 1 });
    expect(await message(res)).toBe(flexiFailures.donate.lowBalance.message);
  });

  it('The Safe: vault@ shows 3 GB; saving is the monthly action; unlocking 2 GB leaves 1 GB and joins the membership', async () => {
    const s = await make(ctx(), 'vault');
    expect((await (await get(ctx(), s, '/safe')).json())._payload.balance_kb).toBe(3 * GB);
    const unlocked = await post(ctx(), s, '/safe/unlock', { amount_gb: 2 });
    expect(unlocked.status).toBe(201);
    expect((await unlocked.json())._payload).toEqual({ balance_kb: 1 * GB, unused_kb: 7 * GB });
    expect((await summary(ctx(), s))['left_membership_data']).toBe(7 * GB);
    const tooMuch = await post(ctx(), s, '/safe/unlock', { amount_gb: 2 });
    expect(await message(tooMuch)).toBe(flexiFailures.unlock.safeTooLittle.message);
    const saved = await post(ctx(), s, '/safe/save', { amount_gb: 4 });
    expect(saved.status).toBe(201);
    expect((await saved.json())._payload).toEqual({ balance_kb: 5 * GB, unused_kb: 3 * GB });
    expect(await message(await post(ctx(), s, '/safe/save', { amount_gb: 1 }))).toBe(flexiMessages.alreadySaved);
    expect(await message(await post(ctx(), s, '/carryover'))).toBe(flexiMessages.alreadySaved);
    // Unlocking is not a monthly action.
    expect((await post(ctx(), s, '/safe/unlock', { amount_gb: 1 })).status).toBe(201);
    expect((await summary(ctx(), s))['safe_data']).toBe(4 * GB);
  });

  it("The Safe: the billing platform not answering gives the Safe message, and the overview's balance is null", async () => {
    const s = await make(ctx(), 'unavailable');
    const res = await get(ctx(), s, '/safe');
    expect(res.status).toBe(503);
    expect(await message(res)).toBe(flexiMessages.safeUnavailable);
    expect((await (await get(ctx(), s)).json())._payload.safe_kb).toBeNull();
  });

  it('swap: 1 GB gives 100 more landline minutes; unlimited minutes cannot swap', async () => {
    const s = await make(ctx(), 'swapper');
    const res = await post(ctx(), s, '/swap', { amount_gb: 1 });
    expect(res.status).toBe(201);
    expect((await res.json())._payload).toEqual({
      minutes_added: 100,
      minutes: { max: 400, used: 0, left: 400 },
      unused_kb: 9 * GB,
    });
    const b = await summary(ctx(), s);
    expect(b['minutes']).toEqual({ max: 400, used: 0, left: 400 });
    expect(b['left_membership_data']).toBe(9 * GB);
    const u = await make(ctx(), 'unlimited');
    expect(await message(await post(ctx(), u, '/swap', { amount_gb: 1 }))).toBe(
      flexiFailures.swap.notAvailable.message,
    );
  });

  it('spot me: lends to another member for some days; what is left comes back when the days end', async () => {
    const s = await make(ctx(), 'donor');
    const friend = await make(ctx(), 'friend');
    const spaced = `${friend.msisdn.slice(0, 3)} ${friend.msisdn.slice(3, 6)} ${friend.msisdn.slice(6)}`;
    const res = await post(ctx(), s, '/spotme', { msisdn: spaced, amount_gb: 2, days: 3 });
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload).toMatchObject({ msisdn: friend.msisdn, data_kb: 2 * GB, unused_kb: 8 * GB });
    const before = await summary(ctx(), friend);
    expect(before['spotted_data']).toBe(2 * GB);
    expect((await (await get(ctx(), friend)).json())._payload.spotted_in).toEqual([
      { msisdn: s.msisdn, data_kb: 2 * GB, left_kb: 2 * GB, ends_at: _payload.ends_at },
    ]);
    // The friend uses half a GB of it; after three days the rest returns to the lender.
    await ctx()
      .handle.db.update(spotLoans)
      .set({ usedKb: GB / 2 });
    ctx().clock.advance(3 * DAY + 1000);
    await runSpotReturns({ db: ctx().handle.db, clock: () => ctx().clock.now });
    expect((await current(ctx(), s.ssn)).dataInKb).toBe(1.5 * GB);
    // Three days on, both sign in again (sessions end after eight hours).
    const lender = await signIn(ctx(), s);
    const borrower = await signIn(ctx(), friend);
    expect((await summary(ctx(), s, lender))['left_membership_data']).toBe(9.5 * GB);
    expect((await summary(ctx(), friend, borrower))['spotted_data']).toBe(0);
    // Run again: nothing comes back twice.
    expect(await runSpotReturns({ db: ctx().handle.db, clock: () => ctx().clock.now })).toBe(0);
    expect((await current(ctx(), s.ssn)).dataInKb).toBe(1.5 * GB);
  });

  it('spot me and share: not to oneself, not to a number that is not an active member, days at least 1', async () => {
    const s = await make(ctx(), 'sharer');
    const friend = await make(ctx(), 'friend');
    const activating = await make(ctx(), 'activating');
    const onboard = await make(ctx(), 'onboard');
    const unlimited = await make(ctx(), 'unlimited');
    const own = await post(ctx(), s, '/share', { msisdn: s.msisdn, amount_gb: 1 });
    expect(own.status).toBe(422);
    expect(await message(own)).toBe(flexiFailures.share.toSelf.message);
    for (const msisdn of ['0879999999', activating.msisdn, onboard.msisdn]) {
      const res = await post(ctx(), s, '/spotme', { msisdn, amount_gb: 1, days: 2 });
      expect([msisdn, await message(res)]).toEqual([msisdn, flexiFailures.spotme.notAMember.message]);
    }
    const toUnlimited = await post(ctx(), s, '/share', { msisdn: unlimited.msisdn, amount_gb: 1 });
    expect(await message(toUnlimited)).toBe(flexiFailures.share.recipientUnlimited.message);
    const zeroDays = await post(ctx(), s, '/spotme', { msisdn: friend.msisdn, amount_gb: 1, days: 0 });
    expect(zeroDays.status).toBe(400);
    expect(await message(zeroDays)).toBe('days: Spot me lends for at least 1 day.');
    const badNumber = await post(ctx(), s, '/share', { msisdn: '12345', amount_gb: 1 });
    expect(badNumber.status).toBe(400);
    expect((await current(ctx(), s.ssn)).dataOutKb).toBe(0);
  });

  it('share: the data joins the friend’s membership for good; ledger rows on both SIMs', async () => {
    const s = await make(ctx(), 'sharer');
    const friend = await make(ctx(), 'friend');
    const res = await post(ctx(), s, '/share', { msisdn: friend.msisdn, amount_gb: 2 });
    expect(res.status).toBe(201);
    expect((await summary(ctx(), friend))['left_membership_data']).toBe(26 * GB);
    expect((await summary(ctx(), s))['left_membership_data']).toBe(1 * GB);
    const rows = await ctx().handle.db.select().from(ledger).where(eq(ledger.kind, 'flexi'));
    expect(rows.map((r) => [r.ssn, r.dataDeltaKb]).sort()).toEqual(
      [
        [s.ssn, -2 * GB],
        [friend.ssn, 2 * GB],
      ].sort(),
    );
  });

  it('an Idempotency-Key repeat moves nothing twice', async () => {
    const s = await make(ctx(), 'sharer');
    const friend = await make(ctx(), 'friend');
    const send = () =>
      call(ctx().app, s.session, `${base(s)}/share`, {
        method: 'POST',
        body: JSON.stringify({ msisdn: friend.msisdn, amount_gb: 1 }),
        headers: { 'content-type': 'application/json', 'idempotency-key': 'share-once-0001' },
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect((await current(ctx(), s.ssn)).dataOutKb).toBe(GB);
  });

  it("another member's SIM answers 403 and moves nothing", async () => {
    const s = await make(ctx(), 'sharer');
    const other = await make(ctx(), 'flexi');
    const res = await call(
      ctx().app,
      s.session,
      `/panda/protected/users/${s.userId}/sims/${other.ssn}/flexidata/carryover`,
      { method: 'POST' },
    );
    expect(res.status).toBe(403);
    expect((await current(ctx(), other.ssn)).dataOutKb).toBe(0);
  });

  // 20 requests at once per action: exactly the allowed number succeed and data is conserved.
  // Meaningful on PostgreSQL (PGlite runs them one after another; the answers must be the same).
  const concurrent = async (m: BuiltMember, path: string, body?: object) => {
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(ctx(), m, path, body)));
    return answers.map((r) => r.status);
  };
  const succeeded = (statuses: number[]) => statuses.filter((st) => st === 201).length;

  it('20 carryovers, donations or saves at once: one succeeds, one monthly row', async () => {
    const flexi = await make(ctx(), 'flexi');
    const vault = await make(ctx(), 'vault');
    const donor = await make(ctx(), 'donor');
    expect(succeeded(await concurrent(flexi, '/carryover'))).toBe(1);
    expect(succeeded(await concurrent(donor, '/donate', { amount_gb: 1 }))).toBe(1);
    expect(succeeded(await concurrent(vault, '/safe/save', { amount_gb: 1 }))).toBe(1);
    const actions = await ctx().handle.db.select().from(flexiActions);
    expect(actions.filter((a) => [flexi.ssn, vault.ssn, donor.ssn].includes(a.ssn))).toHaveLength(3);
    expect((await current(ctx(), flexi.ssn)).dataOutKb).toBe(20 * GB);
    expect((await current(ctx(), donor.ssn)).dataOutKb).toBe(GB);
    const [safe] = await ctx().handle.db.select().from(vaults).where(eq(vaults.ssn, vault.ssn));
    expect(safe!.balanceKb).toBe(4 * GB);
  });

  it('20 unlocks of 1 GB from a 3 GB Safe: three succeed, the Safe is empty, the membership got 3 GB', async () => {
    const vault = await make(ctx(), 'vault');
    expect(succeeded(await concurrent(vault, '/safe/unlock', { amount_gb: 1 }))).toBe(3);
    const [safe] = await ctx().handle.db.select().from(vaults).where(eq(vaults.ssn, vault.ssn));
    expect(safe!.balanceKb).toBe(0);
    expect((await current(ctx(), vault.ssn)).dataInKb).toBe(3 * GB);
  });

  it('20 shares and 20 spot-mes of 1 GB from 3 GB: three succeed in all; given equals taken', async () => {
    const sharer = await make(ctx(), 'sharer');
    const swapper = await make(ctx(), 'swapper');
    const friend = await make(ctx(), 'friend');
    const statuses = await concurrent(sharer, '/share', { msisdn: friend.msisdn, amount_gb: 1 });
    expect(succeeded(statuses)).toBe(3);
    expect(statuses.filter((st) => st !== 201).every((st) => st === 422)).toBe(true);
    const giver = await current(ctx(), sharer.ssn);
    const taker = await current(ctx(), friend.ssn);
    expect(giver.dataOutKb).toBe(3 * GB);
    expect(taker.dataInKb).toBe(giver.dataOutKb);
    const [sum] = await ctx()
      .handle.db.select({ total: sql<string>`sum(${ledger.dataDeltaKb})` })
      .from(ledger)
      .where(and(eq(ledger.kind, 'flexi'), inArray(ledger.ssn, [sharer.ssn, friend.ssn])));
    expect(Number(sum!.total)).toBe(0);

    expect(succeeded(await concurrent(swapper, '/spotme', { msisdn: friend.msisdn, amount_gb: 1, days: 2 }))).toBe(10);
    const loans = await ctx().handle.db.select().from(spotLoans);
    expect(loans.reduce((t, l) => t + l.dataKb, 0)).toBe((await current(ctx(), swapper.ssn)).dataOutKb);
  });

  it('20 swaps of 1 GB from 10 GB: ten succeed, 1,000 minutes added', async () => {
    const swapper = await make(ctx(), 'swapper');
    expect(succeeded(await concurrent(swapper, '/swap', { amount_gb: 1 }))).toBe(10);
    const m = await current(ctx(), swapper.ssn);
    expect(m.dataOutKb).toBe(10 * GB);
    expect(m.landlineMinutesMax).toBe(1300);
  });
});
