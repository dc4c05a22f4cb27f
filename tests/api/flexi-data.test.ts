import { and, eq, inArray, sql } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createApp } from '../../src/server/app.ts';
import { KB_PER_GB } from '../../src/contract/constants.ts';
import { flexiFailures, flexiMessages } from '../../src/contract/flexi-data.ts';
import { donations, flexiActions, ledger, memberships, spotLoans, vaults } from '../../src/server/db/schema.ts';
import { runRenewals } from '../../src/server/jobs/renewals.ts';
import { runSpotReturns } from '../../src/server/jobs/spot-returns.ts';
import { balances } from '../../src/server/db/schema.ts';
import { demoMsisdn, demoSsn } from '../../src/server/seed/seed.ts';
import { DAY } from '../../src/server/services/clock.ts';
import { call, forEachDatabase, login, type Session, type TestContext } from './harness.ts';

const GB = KB_PER_GB;
const base = (s: Session, n: number) => `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/flexidata`;
const post = (ctx: TestContext, s: Session, n: number, path: string, body?: object) =>
  call(ctx.app, s, `${base(s, n)}${path}`, {
    method: 'POST',
    ...(body ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } } : {}),
  });
const get = (ctx: TestContext, s: Session, n: number, path = '') => call(ctx.app, s, `${base(s, n)}${path}`);
const message = async (res: Response) => ((await res.json()) as { _payload: { message: string } })._payload.message;

/** What the balance summary says of a SIM (the dashboard's source). */
async function summary(ctx: TestContext, s: Session, n: number) {
  const res = await call(ctx.app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(n)}/balance/summary/current`);
  return ((await res.json()) as { _payload: { current_month_balance_summary: Record<string, number | null> } })._payload
    .current_month_balance_summary;
}

/** All data of a SIM's current membership that is its own (left), the Safe and what it lent: what conservation counts. */
async function current(ctx: TestContext, n: number) {
  return (
    await ctx.handle.db
      .select()
      .from(memberships)
      .where(eq(memberships.ssn, demoSsn(n)))
  ).find((m) => m.status === 'current')!;
}

forEachDatabase('flexi_data', (ctx) => {
  it('overview: unused data, the Safe, this month, legacy status', async () => {
    const s = await login(ctx().app, 'vault@example.com');
    const res = await get(ctx(), s, 25);
    expect(res.status).toBe(200);
    const { _payload } = await res.json();
    expect(_payload.membership).toMatchObject({ sku: 'BDDT00', unlimited: false, unused_kb: 5 * GB, continues: false });
    expect(_payload.safe_kb).toBe(3 * GB);
    expect(_payload.month_action).toBeNull();
    expect(_payload.legacy).toEqual({ isLegacyUser: false, memberShipType: null });
    const legacy = await login(ctx().app, 'legacy@example.com');
    expect((await (await get(ctx(), legacy, 16)).json())._payload.legacy).toEqual({
      isLegacyUser: true,
      memberShipType: 'LEGACY',
    });
  });

  it('carryover: flexi@ carries 20.00 GB once, is told to buy a membership by the end date; a second is refused', async () => {
    const s = await login(ctx().app, 'flexi@example.com');
    const res = await post(ctx(), s, 24, '/carryover');
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload.message).toBe('20.00 GB is now in the hands of future you.');
    expect(_payload.carried_kb).toBe(20 * GB);
    const m = await current(ctx(), 24);
    expect(_payload.needs_membership_by).toBe(m.endsAt.toISOString());
    expect(m).toMatchObject({ dataOutKb: 20 * GB, carryForwardKb: 20 * GB });
    const b = await summary(ctx(), s, 24);
    expect(b['left_membership_data']).toBe(0);
    expect(b['carry_forward_data']).toBe(20 * GB);

    const again = await post(ctx(), s, 24, '/carryover');
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(flexiMessages.alreadyCarriedOver);
    const ledgerRows = await ctx()
      .handle.db.select()
      .from(ledger)
      .where(eq(ledger.ssn, demoSsn(24)));
    expect(ledgerRows.filter((r) => r.kind === 'flexi').map((r) => r.dataDeltaKb)).toEqual([-20 * GB]);
    // Transactions shows the movement.
    const tx = await (await call(ctx().app, s, `/panda/protected/users/${s.userId}/transactions`)).json();
    expect(tx._payload.values[0]).toMatchObject({
      description: 'Carryover: 20 GB kept for your next membership',
      data_kb: -20 * GB,
      amount: 0,
    });
  });

  it('carryover: with auto-renew on the data joins the renewed membership; without a membership by the date it is lost', async () => {
    const s = await login(ctx().app, 'flexi@example.com');
    await ctx()
      .handle.db.update(memberships)
      .set({ recurrenceEnabled: true, recurrenceSku: 'BDDT00' })
      .where(eq(memberships.ssn, demoSsn(24)));
    await ctx()
      .handle.db.update(balances)
      .set({ creditCents: 2000 })
      .where(eq(balances.ssn, demoSsn(24)));
    const res = await post(ctx(), s, 24, '/carryover');
    expect((await res.json())._payload.needs_membership_by).toBeNull();
    ctx().clock.advance(11 * DAY);
    await runRenewals({ db: ctx().handle.db, clock: () => ctx().clock.now, payments: ctx().payments });
    const renewed = await current(ctx(), 24);
    expect(renewed.carryoverKb).toBe(20 * GB);

    // donor@ carries over without auto-renew: when the period ends with nothing after it, the data is gone.
    const d = await login(ctx().app, 'donor@example.com');
    expect((await post(ctx(), d, 26, '/carryover')).status).toBe(201);
    ctx().clock.advance(20 * DAY);
    await runRenewals({ db: ctx().handle.db, clock: () => ctx().clock.now, payments: ctx().payments });
    const rows = await ctx()
      .handle.db.select()
      .from(memberships)
      .where(eq(memberships.ssn, demoSsn(26)));
    expect(rows.every((m) => m.status === 'past')).toBe(true);
  });

  it("carryover outcomes of the other demo members, in the spec's words", async () => {
    const cases: [string, number, number, string][] = [
      ['lowbalance@example.com', 13, 422, flexiMessages.carryoverLowBalance],
      ['unlimited@example.com', 2, 422, flexiMessages.carryoverNotAvailable],
      ['carriedover@example.com', 12, 409, flexiMessages.alreadyCarriedOver],
      ['onboard@example.com', 3, 409, flexiMessages.noMembership],
      ['unavailable@example.com', 11, 503, flexiMessages.carryoverBackendError],
      ['detailsmissing@example.com', 10, 400, flexiMessages.carryoverFailed],
    ];
    for (const [email, n, status, text] of cases) {
      const s = await login(ctx().app, email);
      const res = await post(ctx(), s, n, '/carryover');
      expect([email, res.status]).toEqual([email, status]);
      expect(await message(res)).toBe(text);
    }
    // Nothing moved for the member whose billing platform did not answer.
    expect((await current(ctx(), 11)).dataOutKb).toBe(0);
  });

  it("the billing platform not answering: 'Backend error in performing carryOver' to the member and in the log (issue 25)", async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => void lines.push(line) });
    const app = createApp({
      db: ctx().handle.db,
      config: ctx().config,
      clock: () => ctx().clock.now,
      payments: ctx().payments,
      logger,
    });
    const s = await login(app, 'unavailable@example.com');
    const res = await call(app, s, `${base(s, 11)}/carryover`, { method: 'POST' });
    expect(res.status).toBe(503);
    expect(await message(res)).toBe(flexiMessages.carryoverBackendError);
    const logged = lines
      .map((l) => JSON.parse(l) as { msg: string; level: number })
      .filter((l) => l.msg === flexiMessages.carryoverBackendError);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.level).toBe(50);
  });

  it('carriedover@: donate and save are refused with the carried-over message; swap is not a monthly action', async () => {
    const s = await login(ctx().app, 'carriedover@example.com');
    for (const path of ['/donate', '/safe/save']) {
      const res = await post(ctx(), s, 12, path, { amount_gb: 1 });
      expect(res.status).toBe(409);
      expect(await message(res)).toBe(flexiMessages.alreadyCarriedOver);
    }
    expect((await post(ctx(), s, 12, '/swap', { amount_gb: 1 })).status).toBe(201);
  });

  it('donate: donor@ gives 2 GB once this month; the history lists it first, the 2019 donation in euro', async () => {
    const s = await login(ctx().app, 'donor@example.com');
    const res = await post(ctx(), s, 26, '/donate', { amount_gb: 2 });
    expect(res.status).toBe(201);
    expect((await res.json())._payload).toEqual({ donated_kb: 2 * GB, unused_kb: 8 * GB });
    const again = await post(ctx(), s, 26, '/donate', { amount_gb: 1 });
    expect(again.status).toBe(409);
    expect(await message(again)).toBe(flexiMessages.alreadyDonated);
    const saved = await post(ctx(), s, 26, '/safe/save', { amount_gb: 1 });
    expect(await message(saved)).toBe(flexiMessages.alreadyDonated);
    const list = (await (await get(ctx(), s, 26, '/donations')).json())._payload.values;
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
    expect(
      await ctx()
        .handle.db.select()
        .from(donations)
        .where(eq(donations.ssn, demoSsn(26))),
    ).toHaveLength(3);
  });

  it('donate and save: more than the unused data, or not whole GB, are refused and move nothing', async () => {
    const s = await login(ctx().app, 'sharer@example.com');
    const tooMuch = await post(ctx(), s, 27, '/donate', { amount_gb: 4 });
    expect(tooMuch.status).toBe(422);
    expect(await message(tooMuch)).toBe(flexiFailures.donate.tooMuch.message);
    for (const body of [{ amount_gb: 0 }, { amount_gb: 1.5 }, { amount_gb: '1' }, {}]) {
      const res = await post(ctx(), s, 27, '/safe/save', body);
      expect(res.status).toBe(400);
      expect(await message(res)).toMatch(/amount_gb/);
    }
    expect((await current(ctx(), 27)).dataOutKb).toBe(0);
    const low = await login(ctx().app, 'lowbalance@example.com');
    const res = await post(ctx(), low, 13, '/donate', { amount_gb: 1 });
    expect(await message(res)).toBe(flexiFailures.donate.lowBalance.message);
  });

  it('The Safe: vault@ shows 3 GB; saving is the monthly action; unlocking 2 GB leaves 1 GB and joins the membership', async () => {
    const s = await login(ctx().app, 'vault@example.com');
    expect((await (await get(ctx(), s, 25, '/safe')).json())._payload.balance_kb).toBe(3 * GB);
    const unlocked = await post(ctx(), s, 25, '/safe/unlock', { amount_gb: 2 });
    expect(unlocked.status).toBe(201);
    expect((await unlocked.json())._payload).toEqual({ balance_kb: 1 * GB, unused_kb: 7 * GB });
    expect((await summary(ctx(), s, 25))['left_membership_data']).toBe(7 * GB);
    const tooMuch = await post(ctx(), s, 25, '/safe/unlock', { amount_gb: 2 });
    expect(await message(tooMuch)).toBe(flexiFailures.unlock.safeTooLittle.message);
    const saved = await post(ctx(), s, 25, '/safe/save', { amount_gb: 4 });
    expect(saved.status).toBe(201);
    expect((await saved.json())._payload).toEqual({ balance_kb: 5 * GB, unused_kb: 3 * GB });
    expect(await message(await post(ctx(), s, 25, '/safe/save', { amount_gb: 1 }))).toBe(flexiMessages.alreadySaved);
    expect(await message(await post(ctx(), s, 25, '/carryover'))).toBe(flexiMessages.alreadySaved);
    // Unlocking is not a monthly action.
    expect((await post(ctx(), s, 25, '/safe/unlock', { amount_gb: 1 })).status).toBe(201);
    expect((await summary(ctx(), s, 25))['safe_data']).toBe(4 * GB);
  });

  it("The Safe: the billing platform not answering gives the Safe message, and the overview's balance is null", async () => {
    const s = await login(ctx().app, 'unavailable@example.com');
    const res = await get(ctx(), s, 11, '/safe');
    expect(res.status).toBe(503);
    expect(await message(res)).toBe(flexiMessages.safeUnavailable);
    expect((await (await get(ctx(), s, 11)).json())._payload.safe_kb).toBeNull();
  });

  it('swap: 1 GB gives 100 more landline minutes; unlimited minutes cannot swap', async () => {
    const s = await login(ctx().app, 'swapper@example.com');
    const res = await post(ctx(), s, 28, '/swap', { amount_gb: 1 });
    expect(res.status).toBe(201);
    expect((await res.json())._payload).toEqual({
      minutes_added: 100,
      minutes: { max: 400, used: 0, left: 400 },
      unused_kb: 9 * GB,
    });
    const b = await summary(ctx(), s, 28);
    expect(b['minutes']).toEqual({ max: 400, used: 0, left: 400 });
    expect(b['left_membership_data']).toBe(9 * GB);
    const u = await login(ctx().app, 'unlimited@example.com');
    expect(await message(await post(ctx(), u, 2, '/swap', { amount_gb: 1 }))).toBe(
      flexiFailures.swap.notAvailable.message,
    );
  });

  it('spot me: lends to another member for some days; what is left comes back when the days end', async () => {
    const s = await login(ctx().app, 'donor@example.com');
    const res = await post(ctx(), s, 26, '/spotme', { msisdn: '087 100 0030', amount_gb: 2, days: 3 });
    expect(res.status).toBe(201);
    const { _payload } = await res.json();
    expect(_payload).toMatchObject({ msisdn: demoMsisdn(30), data_kb: 2 * GB, unused_kb: 8 * GB });
    const friend = await login(ctx().app, 'giftee@example.com');
    const before = await summary(ctx(), friend, 30);
    expect(before['spotted_data']).toBe(2 * GB);
    expect((await (await get(ctx(), friend, 30)).json())._payload.spotted_in).toEqual([
      { msisdn: demoMsisdn(26), data_kb: 2 * GB, left_kb: 2 * GB, ends_at: _payload.ends_at },
    ]);
    // The friend uses half a GB of it; after three days the rest returns to the lender.
    await ctx()
      .handle.db.update(spotLoans)
      .set({ usedKb: GB / 2 });
    ctx().clock.advance(3 * DAY + 1000);
    await runSpotReturns({ db: ctx().handle.db, clock: () => ctx().clock.now });
    expect((await current(ctx(), 26)).dataInKb).toBe(1.5 * GB);
    // Three days on, both sign in again (sessions end after eight hours).
    const lender = await login(ctx().app, 'donor@example.com');
    const borrower = await login(ctx().app, 'giftee@example.com');
    expect((await summary(ctx(), lender, 26))['left_membership_data']).toBe(9.5 * GB);
    expect((await summary(ctx(), borrower, 30))['spotted_data']).toBe(0);
    // Run again: nothing comes back twice.
    expect(await runSpotReturns({ db: ctx().handle.db, clock: () => ctx().clock.now })).toBe(0);
    expect((await current(ctx(), 26)).dataInKb).toBe(1.5 * GB);
  });

  it('spot me and share: not to oneself, not to a number that is not an active member, days at least 1', async () => {
    const s = await login(ctx().app, 'sharer@example.com');
    const own = await post(ctx(), s, 27, '/share', { msisdn: demoMsisdn(27), amount_gb: 1 });
    expect(own.status).toBe(422);
    expect(await message(own)).toBe(flexiFailures.share.toSelf.message);
    for (const msisdn of ['0879999999', demoMsisdn(9), demoMsisdn(3)]) {
      const res = await post(ctx(), s, 27, '/spotme', { msisdn, amount_gb: 1, days: 2 });
      expect([msisdn, await message(res)]).toEqual([msisdn, flexiFailures.spotme.notAMember.message]);
    }
    const unlimited = await post(ctx(), s, 27, '/share', { msisdn: demoMsisdn(2), amount_gb: 1 });
    expect(await message(unlimited)).toBe(flexiFailures.share.recipientUnlimited.message);
    const zeroDays = await post(ctx(), s, 27, '/spotme', { msisdn: demoMsisdn(30), amount_gb: 1, days: 0 });
    expect(zeroDays.status).toBe(400);
    expect(await message(zeroDays)).toBe('days: Spot me lends for at least 1 day.');
    const badNumber = await post(ctx(), s, 27, '/share', { msisdn: '12345', amount_gb: 1 });
    expect(badNumber.status).toBe(400);
    expect((await current(ctx(), 27)).dataOutKb).toBe(0);
  });

  it('share: the data joins the friend’s membership for good; ledger rows on both SIMs', async () => {
    const s = await login(ctx().app, 'sharer@example.com');
    const res = await post(ctx(), s, 27, '/share', { msisdn: demoMsisdn(30), amount_gb: 2 });
    expect(res.status).toBe(201);
    const friend = await login(ctx().app, 'giftee@example.com');
    expect((await summary(ctx(), friend, 30))['left_membership_data']).toBe(26 * GB);
    expect((await summary(ctx(), s, 27))['left_membership_data']).toBe(1 * GB);
    const rows = (await ctx().handle.db.select().from(ledger).where(eq(ledger.kind, 'flexi'))).filter(
      (r) => !r.reference?.startsWith('seed:'),
    );
    expect(rows.map((r) => [r.ssn, r.dataDeltaKb]).sort()).toEqual(
      [
        [demoSsn(27), -2 * GB],
        [demoSsn(30), 2 * GB],
      ].sort(),
    );
  });

  it('an Idempotency-Key repeat moves nothing twice', async () => {
    const s = await login(ctx().app, 'sharer@example.com');
    const send = () =>
      call(ctx().app, s, `${base(s, 27)}/share`, {
        method: 'POST',
        body: JSON.stringify({ msisdn: demoMsisdn(30), amount_gb: 1 }),
        headers: { 'content-type': 'application/json', 'idempotency-key': 'share-once-0001' },
      });
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    expect((await current(ctx(), 27)).dataOutKb).toBe(GB);
  });

  it("another member's SIM answers 403 and moves nothing", async () => {
    const s = await login(ctx().app, 'sharer@example.com');
    const res = await call(ctx().app, s, `/panda/protected/users/${s.userId}/sims/${demoSsn(24)}/flexidata/carryover`, {
      method: 'POST',
    });
    expect(res.status).toBe(403);
    expect((await current(ctx(), 24)).dataOutKb).toBe(0);
  });

  // 20 requests at once per action: exactly the allowed number succeed and data is conserved.
  // Meaningful on PostgreSQL (PGlite runs them one after another; the answers must be the same).
  const concurrent = async (n: number, path: string, body?: object) => {
    const s = await login(ctx().app, `${['', 'flexi', 'vault', 'donor', 'sharer', 'swapper'][n - 23]}@example.com`);
    const answers = await Promise.all(Array.from({ length: 20 }, () => post(ctx(), s, n, path, body)));
    return answers.map((r) => r.status);
  };
  const succeeded = (statuses: number[]) => statuses.filter((st) => st === 201).length;

  it('20 carryovers, donations or saves at once: one succeeds, one monthly row', async () => {
    expect(succeeded(await concurrent(24, '/carryover'))).toBe(1);
    expect(succeeded(await concurrent(26, '/donate', { amount_gb: 1 }))).toBe(1);
    expect(succeeded(await concurrent(25, '/safe/save', { amount_gb: 1 }))).toBe(1);
    const actions = await ctx().handle.db.select().from(flexiActions);
    expect(actions.filter((a) => [demoSsn(24), demoSsn(25), demoSsn(26)].includes(a.ssn))).toHaveLength(3);
    expect((await current(ctx(), 24)).dataOutKb).toBe(20 * GB);
    expect((await current(ctx(), 26)).dataOutKb).toBe(GB);
    const [vault] = await ctx()
      .handle.db.select()
      .from(vaults)
      .where(eq(vaults.ssn, demoSsn(25)));
    expect(vault!.balanceKb).toBe(4 * GB);
  });

  it('20 unlocks of 1 GB from a 3 GB Safe: three succeed, the Safe is empty, the membership got 3 GB', async () => {
    expect(succeeded(await concurrent(25, '/safe/unlock', { amount_gb: 1 }))).toBe(3);
    const [vault] = await ctx()
      .handle.db.select()
      .from(vaults)
      .where(eq(vaults.ssn, demoSsn(25)));
    expect(vault!.balanceKb).toBe(0);
    expect((await current(ctx(), 25)).dataInKb).toBe(3 * GB);
  });

  it('20 shares and 20 spot-mes of 1 GB from 3 GB: three succeed in all; given equals taken', async () => {
    const statuses = await concurrent(27, '/share', { msisdn: demoMsisdn(30), amount_gb: 1 });
    expect(succeeded(statuses)).toBe(3);
    expect(statuses.filter((st) => st !== 201).every((st) => st === 422)).toBe(true);
    const giver = await current(ctx(), 27);
    const taker = await current(ctx(), 30);
    expect(giver.dataOutKb).toBe(3 * GB);
    expect(taker.dataInKb).toBe(giver.dataOutKb);
    const [sum] = await ctx()
      .handle.db.select({ total: sql<string>`sum(${ledger.dataDeltaKb})` })
      .from(ledger)
      .where(and(eq(ledger.kind, 'flexi'), inArray(ledger.ssn, [demoSsn(27), demoSsn(30)])));
    expect(Number(sum!.total)).toBe(0);

    expect(succeeded(await concurrent(28, '/spotme', { msisdn: demoMsisdn(30), amount_gb: 1, days: 2 }))).toBe(10);
    const loans = await ctx().handle.db.select().from(spotLoans);
    expect(loans.reduce((t, l) => t + l.dataKb, 0)).toBe((await current(ctx(), 28)).dataOutKb);
  });

  it('20 swaps of 1 GB from 10 GB: ten succeed, 1,000 minutes added', async () => {
    expect(succeeded(await concurrent(28, '/swap', { amount_gb: 1 }))).toBe(10);
    const m = await current(ctx(), 28);
    expect(m.dataOutKb).toBe(10 * GB);
    expect(m.landlineMinutesMax).toBe(1300);
  });
});
