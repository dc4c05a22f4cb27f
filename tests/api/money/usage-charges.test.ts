import { randomUUID } from 'node:crypto';
import { and, eq, like } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { KB_PER_GB } from '../../../src/contract/constants.ts';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { roamingApi } from '../../../src/contract/roaming.schema.ts';
import { surchargeCentsPerGb } from '../../../src/contract/roaming.ts';
import { transactionsApi } from '../../../src/contract/transactions.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { networkSignature } from '../../../src/server/modules/network/integrations/network/signature.ts';
import { reconcileBalances } from '../../../src/server/modules/network/balances.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { sendUse as use } from '../support/network-use.ts';
import { ok } from '../support/client.ts';
import { contentFiles } from '../support/content.ts';
import { forEachDatabase, harnessApp, TEST_NETWORK_EVENT_SECRET, type TestContext } from '../support/harness.ts';

// docs/product/money.md "Use paid from credit": rated at the published charges (or by the network),
// drawn from the allowances first, what is left charged once per use, credit never below zero.

const MB = 1024;
const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });

const creditOf = async (c: TestContext, m: BuiltMember) =>
  (await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, m.ssn)))[0]!.creditCents;
const chargesOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.ledger)
    .where(and(eq(schema.ledger.ssn, m.ssn), like(schema.ledger.reference, 'usage:%')))
    .orderBy(schema.ledger.id);
const transactionsOf = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, transactionsApi.list, { session: m.session, params: { user_id: m.userId }, query: { limit: 100 } }))
    ._payload.values;
const summaryCredit = async (c: TestContext, m: BuiltMember) =>
  (await ok(c.app, accountApi.balanceSummary, sim(m)))._payload.current_month_balance_summary.main;
const ordersOf = (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.networkOrders)
    .where(eq(schema.networkOrders.line, m.ssn))
    .orderBy(schema.networkOrders.id);

/** The charge rows, the transactions screen and the dashboard's credit all agree on what was taken. */
async function expectCharged(c: TestContext, m: BuiltMember, startCents: number, lines: [string, number][]) {
  const rows = await chargesOf(c, m);
  expect(rows.map((r) => [r.description, -r.creditDeltaCents])).toEqual(lines);
  const spent = lines.reduce((sum, [, cents]) => sum + cents, 0);
  expect(await creditOf(c, m)).toBe(startCents - spent);
  expect(await summaryCredit(c, m)).toBe(startCents - spent);
  const listed = (await transactionsOf(c, m)).filter((t) => t.usage);
  expect(listed.map((t) => [t.description, -t.amount]).reverse()).toEqual(lines);
}

forEachDatabase('usage-charges', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('at home within the allowances nothing is charged; past them data, calls and texts are, at the published prices', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 10 } });
    await use(c, m, { amount: 100 * MB });
    await use(c, m, { type: 'voice', amount: 600, destination: '0871234567' });
    await use(c, m, { type: 'sms', amount: 3, destination: '+353861234567' });
    await expectCharged(c, m, 1000, []);

    // All 30 GB used: data past it costs €0.05 a MB, each use rounded up to the cent.
    const full = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    await use(c, full, { amount: 10 * MB });
    await use(c, full, { amount: 100 });
    // Calls to Irish mobiles are unlimited; 300 landline minutes, of which all are used: €0.20 a minute.
    await use(c, full, { type: 'voice', amount: 61, destination: '0871234567' });
    const landline = await createMember(c, {
      creditCents: 1000,
      membership: { sku: 'BDDT00', daysLeft: 20, landlineUsed: 299 },
    });
    await use(c, landline, { type: 'voice', amount: 150, destination: '014567890' });
    await expectCharged(c, full, 1000, [
      ['Data', 50],
      ['Data', 1],
    ]);
    // One of the three minutes was in the allowance.
    await expectCharged(c, landline, 1000, [['Calls', 40]]);
  });

  it('with no membership every call and text is paid; international, special, premium and directory at theirs; 112 and what is received cost nothing', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 2000 });
    await use(c, m, { type: 'voice', amount: 125, destination: '0861234567' }); // 3 minutes: €0.60
    await use(c, m, { type: 'sms', amount: 2, destination: '0861234567' }); // €0.20
    await use(c, m, { type: 'voice', amount: 60, destination: '+442071234567' }); // UK landline rate €0.09
    await use(c, m, { type: 'voice', amount: 60, destination: '00447700900123', destinationType: 'mobile' }); // €0.15
    await use(c, m, { type: 'voice', amount: 120, destination: '+12125551234' }); // North America: 2 × €0.25
    await use(c, m, { type: 'voice', amount: 60, destination: '+18765551234' }); // Jamaica: rest of the world €0.89
    await use(c, m, { type: 'sms', amount: 1, destination: '+33612345678' }); // EU text €0.12
    await use(c, m, { type: 'voice', amount: 60, destination: '1850123456' }); // special €0.19
    await use(c, m, { type: 'voice', amount: 180, destination: '11811' }); // directory: €2.50 a call
    await use(c, m, { type: 'voice', amount: 60, destination: '1560123456' }); // premium €2.40
    await use(c, m, { type: 'voice', amount: 300, destination: '112' });
    await use(c, m, { type: 'voice', amount: 300, destination: '18001234567' });
    await use(c, m, { type: 'voice', amount: 300, destination: '0871234567', incoming: true });
    await expectCharged(c, m, 2000, [
      ['Calls', 60],
      ['Texts', 20],
      ['International calls', 9],
      ['International calls', 15],
      ['International calls', 50],
      ['International calls', 89],
      ['International texts', 12],
      ['Calls to special numbers', 19],
      ['Directory enquiries', 250],
      ['Premium rate calls', 240],
    ]);
    // The day's use still counts every minute and text.
    const [day] = await c.handle.db.select().from(schema.dailyUsage).where(eq(schema.dailyUsage.ssn, m.ssn));
    expect(day).toMatchObject({ minutes: 3 + 1 + 1 + 2 + 1 + 1 + 3 + 1 + 5 + 5 + 5, texts: 3 });
  });

  it('data draws on carried-over data, add-ons and data a friend spotted before credit; a goody bag with no membership', async () => {
    const c = ctx();
    const m = await createMember(c, {
      creditCents: 1000,
      membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30, carryoverGb: 1 },
    });
    await c.handle.db
      .update(schema.memberships)
      .set({ addonKb: 512 * MB })
      .where(eq(schema.memberships.ssn, m.ssn));
    await use(c, m, { amount: 1024 * MB + 512 * MB }); // the carried GB, then the add-on's 512 MB
    await expectCharged(c, m, 1000, []);
    const [after] = await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn));
    expect(after).toMatchObject({ carryoverUsedKb: KB_PER_GB, addonUsedKb: 512 * MB });
    await use(c, m, { amount: 2 * MB });
    await expectCharged(c, m, 1000, [['Data', 10]]);
    // The dashboard's data left is all gone.
    const summary = (await ok(c.app, accountApi.balanceSummary, sim(m)))._payload.current_month_balance_summary;
    expect(summary.left_data).toBe(0);

    // Data a friend spotted, until it ends: drawn after the membership's own (50 MB of it, then €0.50).
    const lender = await createMember(c, { creditCents: 0, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const borrower = await createMember(c, {
      creditCents: 1000,
      membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 },
    });
    await c.handle.db.insert(schema.spotLoans).values({
      lenderSsn: lender.ssn,
      borrowerSsn: borrower.ssn,
      dataKb: 50 * MB,
      startsAt: c.clock.now,
      endsAt: new Date(c.clock.now.getTime() + 3 * 86_400_000),
    });
    await use(c, borrower, { amount: 60 * MB });
    await expectCharged(c, borrower, 1000, [['Data', 50]]);
    const [loan] = await c.handle.db
      .select()
      .from(schema.spotLoans)
      .where(eq(schema.spotLoans.borrowerSsn, borrower.ssn));
    expect(loan?.usedKb).toBe(50 * MB);

    const bare = await createMember(c, {
      creditCents: 1000,
      goodyBags: [{ sku: 'BDEG00', maxKb: 100 * MB, leftKb: 100 * MB, daysLeft: 10 }],
    });
    await use(c, bare, { amount: 150 * MB });
    await expectCharged(c, bare, 1000, [['Data', 250]]);
    const [bag] = await c.handle.db.select().from(schema.goodyBags).where(eq(schema.goodyBags.ssn, bare.ssn));
    expect(bag?.onboardKb).toBe(0);
  });

  it('abroad: the EU like at home then the surcharge; zones 2 to 4 at their rates, calls received too; the cap reached by one event', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 20_000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const allowance = (await ok(c.app, roamingApi.get, sim(m)))._payload.allowance.max_kb;
    // In France: the EU roaming allowance, then 100 MB past it at the regulated surcharge a GB.
    await use(c, m, { amount: allowance + 100 * MB, country: 'FR' });
    await use(c, m, { type: 'voice', amount: 600, country: 'FR', destination: '0871234567' });
    const surcharge = Math.ceil((100 * MB * surchargeCentsPerGb(c.clock.now)) / KB_PER_GB);
    await expectCharged(c, m, 20_000, [['Data abroad: France', surcharge]]);

    const z = await createMember(c, { creditCents: 20_000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    await use(c, z, { type: 'voice', amount: 120, country: 'GB', destination: '0871234567' }); // 2 × €0.59
    await use(c, z, { type: 'voice', amount: 60, country: 'GB', destination: '0871234567', incoming: true }); // €0.29
    await use(c, z, { type: 'sms', amount: 2, country: 'US', destination: '0871234567' }); // 2 × €0.39
    await use(c, z, { type: 'sms', amount: 2, country: 'US', incoming: true }); // free
    await use(c, z, { type: 'voice', amount: 60, country: 'TH', destination: '112' }); // free
    await use(c, z, { amount: 2 * MB, country: 'TH' }); // 2 × €9.99
    await expectCharged(c, z, 20_000, [
      ['Calls abroad: United Kingdom', 118],
      ['Calls received abroad: United Kingdom', 29],
      ['Texts abroad: United States', 78],
      ['Data abroad: Thailand', 1998],
    ]);
    let roaming = (await ok(c.app, roamingApi.get, sim(z)))._payload;
    expect(roaming.cap.spent_cents).toBe(1998);

    // One large event crosses the €61.50 cap (€50 before VAT): charged whole, data abroad stopped at once.
    await use(c, z, { amount: 10 * MB, country: 'US' }); // €49.90
    roaming = (await ok(c.app, roamingApi.get, sim(z)))._payload;
    expect(roaming.cap).toMatchObject({ spent_cents: 1998 + 4990, stopped: true, on_network: 'stopping' });
    expect((await chargesOf(c, z)).at(-1)).toMatchObject({
      description: 'Data abroad: United States',
      creditDeltaCents: -4990,
    });
    expect(await creditOf(c, z)).toBe(20_000 - 118 - 29 - 78 - 1998 - 4990);
    // Past the cap, data abroad is refused and costs nothing; calls still cost.
    await use(c, z, { amount: 5 * MB, country: 'US' });
    expect((await ok(c.app, roamingApi.get, sim(z)))._payload.cap.spent_cents).toBe(1998 + 4990);
  });

  it('replays charge nothing: the same event again, and the same use under another event id', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000 });
    const usageId = randomUUID();
    const eventId = randomUUID();
    expect((await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', usageId, eventId })).outcome).toBe(
      'applied',
    );
    expect((await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', usageId, eventId })).outcome).toBe(
      'duplicate',
    );
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', usageId });
    await use(c, m, { amount: MB, country: 'US', usageId: `${usageId}-abroad` });
    await use(c, m, { amount: MB, country: 'US', usageId: `${usageId}-abroad` });
    await expectCharged(c, m, 1000, [
      ['Calls', 20],
      ['Data abroad: United States', 499],
    ]);
  });

  it('20 uses of one line at once: one charge each, the credit exact', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 5000 });
    await Promise.all(
      Array.from({ length: 20 }, () => use(c, m, { type: 'voice', amount: 60, destination: '0871234567' })),
    );
    await Promise.all(Array.from({ length: 10 }, () => use(c, m, { amount: MB, country: 'GB' })));
    await expectCharged(c, m, 5000, [
      ...Array.from({ length: 20 }, () => ['Calls', 20] as [string, number]),
      ...Array.from({ length: 10 }, () => ['Data abroad: United Kingdom', 99] as [string, number]),
    ]);
  });

  it('credit running out mid-use: taken to zero, the rest kept uncharged, data, calls and texts stopped on the network; credit starts them', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 30 });
    const before = (await ok(c.app, healthApi.ready, {})).charging;
    await use(c, m, { amount: 10 * MB }); // €0.50 with €0.30 of credit
    await expectCharged(c, m, 30, [['Data', 30]]);
    const [kept] = await c.handle.db.select().from(schema.unchargedUsage).where(eq(schema.unchargedUsage.ssn, m.ssn));
    expect(kept).toMatchObject({ description: 'Data', cents: 20 });
    const ready = (await ok(c.app, healthApi.ready, {})).charging;
    expect(ready.uncharged - before.uncharged).toBe(1);
    expect(ready.uncharged_cents - before.uncharged_cents).toBe(20);
    const orders = await ordersOf(c, m);
    expect(orders.map((o) => [o.service, o.characteristics])).toEqual([
      ['mobileLine', { paidCallsAndTexts: 'barred', reason: 'noAllowanceNoCredit' }],
      ['dataAccess', { barred: true, reason: 'noAllowanceNoCredit' }],
    ]);
    // More use with nothing to pay: all of it uncharged, no second bar.
    await use(c, m, { type: 'sms', amount: 1, destination: '0871234567' });
    expect(await ordersOf(c, m)).toHaveLength(2);
    expect(await creditOf(c, m)).toBe(0);
    // A top-up starts both again, once each.
    const { changeCredit } = await import('../../../src/server/modules/money/index.ts');
    await c.handle.db.transaction((tx) => changeCredit(tx, m.ssn, 500, c.clock.now));
    const after = await ordersOf(c, m);
    expect(after.slice(2).map((o) => [o.service, o.characteristics])).toEqual([
      ['dataAccess', { barred: false, reason: 'noAllowanceNoCredit' }],
      ['mobileLine', { paidCallsAndTexts: 'allowed', reason: 'noAllowanceNoCredit' }],
    ]);
  });

  it('credit falling to €2 warns once, in the app and by e-mail', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 260 });
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567' }); // €2.40 left
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567' }); // €2.20
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567' }); // €2.00: the alert
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567' }); // €1.80: not again
    const alerts = await c.handle.db
      .select()
      .from(schema.alerts)
      .where(and(eq(schema.alerts.memberId, m.userId), eq(schema.alerts.cause, 'lowCredit')));
    expect(alerts.map((a) => a.title)).toEqual(['Your credit is €2.00']);
    const mails = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email));
    expect(mails.filter((x) => x.subject === '48: Your credit is €2.00')).toHaveLength(1);
  });

  it('one usage id is one use: sent again under other event ids, also at once, it draws and charges nothing more', async () => {
    const c = ctx();
    const m = await createMember(c, {
      creditCents: 1000,
      membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 - 0.0625 },
    });
    const usedOf = async () =>
      (await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn)))[0]!;
    const before = await usedOf();
    // 100 MB with 64 MB left: 36 MB past the allowance, €1.80.
    expect((await use(c, m, { amount: 100 * MB, usageId: 'home-1' })).outcome).toBe('applied');
    expect((await use(c, m, { amount: 100 * MB, usageId: 'home-1' })).outcome).toBe('duplicate');
    const sent = await Promise.all([1, 2, 3].map(() => use(c, m, { amount: 100 * MB, usageId: 'home-1' })));
    expect(sent.map((r) => r.outcome)).toEqual(['duplicate', 'duplicate', 'duplicate']);
    // A new use sent three times at once, each under its own event: one counts.
    const fresh = await Promise.all([1, 2, 3].map(() => use(c, m, { amount: 10 * MB, usageId: 'home-2' })));
    expect(fresh.map((r) => r.outcome).sort()).toEqual(['applied', 'duplicate', 'duplicate']);
    const after = await usedOf();
    expect(after.dataUsedKb - before.dataUsedKb).toBe(64 * MB);
    await expectCharged(c, m, 1000, [
      ['Data', 180],
      ['Data', 50],
    ]);
    const [day] = await c.handle.db.select().from(schema.dailyUsage).where(eq(schema.dailyUsage.ssn, m.ssn));
    expect(day?.dataKb).toBe(110 * MB);
    // Abroad too: a use in the United States sent again is not counted or charged again.
    await use(c, m, { amount: MB, country: 'US', usageId: 'abroad-1' });
    expect((await use(c, m, { amount: MB, country: 'US', usageId: 'abroad-1' })).outcome).toBe('duplicate');
    const abroad = (await chargesOf(c, m)).filter((r) => r.reference === 'usage:abroad-1');
    expect(abroad).toHaveLength(1);
    expect((await chargesOf(c, m)).filter((r) => r.reference?.startsWith('usage:abroad-1'))).toHaveLength(1);
  });

  it('a usage id counted on one line is a dead letter on another, never a free use there', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    const n = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    await use(c, m, { amount: 10 * MB, usageId: 'shared-id', eventId: 'shared-1' });
    expect((await use(c, n, { amount: 10 * MB, usageId: 'shared-id', eventId: 'shared-2' })).outcome).toBe(
      'deadLetter',
    );
    await use(c, m, { amount: MB, country: 'FR', usageId: 'shared-abroad', eventId: 'shared-3' });
    expect(
      (await use(c, n, { amount: MB, country: 'FR', usageId: 'shared-abroad', eventId: 'shared-4' })).outcome,
    ).toBe('deadLetter');
    const kept = await c.handle.db
      .select()
      .from(schema.networkEvents)
      .where(eq(schema.networkEvents.outcome, 'deadLetter'));
    expect(kept.filter((e) => e.eventId === 'shared-2' || e.eventId === 'shared-4').map((e) => e.note)).toEqual([
      'usage shared-id was counted on another line',
      'usage shared-abroad was counted on another line',
    ]);
    await expectCharged(c, n, 1000, []);
    await expectCharged(c, m, 1000, [['Data', 50]]);
  });

  it('rated again by the network: the price corrected by one ledger row each time, the allowance never drawn again', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const network = c.config.network!;
    c.config.network = { ...network, ratesUsage: true };
    try {
      const call = { type: 'voice' as const, amount: 60, destination: '0871234567', usageId: 'call-1' };
      await use(c, m, { ...call, ratedEur: 1.23 });
      const minutes = async () =>
        (await c.handle.db.select().from(schema.memberships).where(eq(schema.memberships.ssn, m.ssn)))[0]!
          .mobileMinutesUsed;
      const counted = await minutes();
      // Rated again at €2.00: 77 cents more; the same event again changes nothing; then €0.50: €1.50 back.
      expect((await use(c, m, { ...call, ratedEur: 2, status: 'rerated', eventId: 'rerate-1' })).outcome).toBe(
        'applied',
      );
      expect((await use(c, m, { ...call, ratedEur: 2, status: 'rerated', eventId: 'rerate-1' })).outcome).toBe(
        'duplicate',
      );
      expect((await use(c, m, { ...call, ratedEur: 2, status: 'rerated' })).outcome).toBe('duplicate');
      await use(c, m, { ...call, ratedEur: 0.5, status: 'rerated', eventId: 'rerate-2' });
      expect(await minutes()).toBe(counted);
      const rows = await chargesOf(c, m);
      expect(rows.map((r) => [r.reference, r.creditDeltaCents])).toEqual([
        ['usage:call-1', -123],
        ['usage:call-1:rerated:rerate-1', -77],
        ['usage:call-1:rerated:rerate-2', 150],
      ]);
      expect(await creditOf(c, m)).toBe(1000 - 50);
      expect(await summaryCredit(c, m)).toBe(950);
      // Abroad: €2.00, then rated €1.00: €1.00 back, the cap's spend untouched by the resend.
      await use(c, m, { amount: MB, country: 'US', ratedEur: 2, usageId: 'us-1' });
      await use(c, m, { amount: MB, country: 'US', ratedEur: 1, usageId: 'us-1', status: 'rerated' });
      expect(await creditOf(c, m)).toBe(950 - 100);
    } finally {
      c.config.network = network;
    }
  });

  it('rated by the network with its tax-excluded amounts only: charged with the tax rate it gives, else the Irish standard rate', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const network = c.config.network!;
    c.config.network = { ...network, ratesUsage: true };
    try {
      const call = { type: 'voice' as const, amount: 60, destination: '0871234567' };
      await use(c, m, { ...call, rating: [{ taxExcludedRatingAmount: { value: 1, unit: 'EUR' }, taxRate: 23 }] });
      await use(c, m, { ...call, rating: [{ taxExcludedRatingAmount: { value: 1, unit: 'EUR' }, taxRate: 0.135 }] });
      await use(c, m, { ...call, rating: [{ taxExcludedRatingAmount: { value: 2, unit: 'EUR' } }] });
      await expectCharged(c, m, 1000, [
        ['Calls', 123],
        ['Calls', 114],
        ['Calls', 246],
      ]);
    } finally {
      c.config.network = network;
    }
  });

  it('rated by the network: taken at its price when the portal is set to, the published prices when not', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    // Not set to: the network's price is ignored, the portal rates (a call to a mobile is in the membership).
    await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', ratedEur: 1.23 });
    await expectCharged(c, m, 1000, []);
    const network = c.config.network!;
    c.config.network = { ...network, ratesUsage: true };
    try {
      await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', ratedEur: 1.23 });
      await use(c, m, { amount: 10 * MB, ratedEur: 0.5, included: true });
      // A use the network did not rate (received) is the portal's to rate, even so.
      await use(c, m, { type: 'voice', amount: 60, destination: '+442071234567' });
      await use(c, m, { amount: MB, country: 'US', ratedEur: 2 });
      await expectCharged(c, m, 1000, [
        ['Calls', 123],
        ['International calls', 9],
        ['Data abroad: United States', 200],
      ]);
    } finally {
      c.config.network = network;
    }
    // A price in another currency cannot be charged: kept aside with its reason.
    const other = JSON.stringify({
      eventId: 'dollars-1',
      eventTime: c.clock.now.toISOString(),
      eventType: 'UsageCreateEvent',
      event: {
        usage: {
          id: 'dollars-use',
          usageDate: c.clock.now.toISOString(),
          usageType: 'DATA',
          status: 'rated',
          usageCharacteristic: [
            { name: 'msisdn', value: `353${m.msisdn.slice(1)}` },
            { name: 'volumeKb', value: 10 },
            { name: 'country', value: 'US' },
          ],
          ratedProductUsage: [{ taxIncludedRatingAmount: { value: 1, unit: 'USD' } }],
        },
      },
    });
    const res = await c.app.request('/panda/network/listener', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-network-signature': networkSignature(TEST_NETWORK_EVENT_SECRET, other, c.clock.now.getTime()),
      },
      body: other,
    });
    expect((await res.json())._payload.outcome).toBe('deadLetter');
    const [kept] = await c.handle.db
      .select()
      .from(schema.networkEvents)
      .where(eq(schema.networkEvents.eventId, 'dollars-1'));
    expect(kept?.note).toContain('not an amount in euro we can charge');
  });

  it("the daily reconciliation reads the network's prepaid balances (TMF654), reports each difference and changes nothing", async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1500 });
    const n = await createMember(c, { creditCents: 700 });
    const context = { db: c.handle.db, clock: () => c.clock.now };
    expect(await reconcileBalances(context, c.network)).toEqual([]);
    const apart = (body: object) =>
      c.app.request('/sandbox/network/balance', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    expect((await apart({ msisdn: 'nope', apart_cents: 1 })).status).toBe(400);
    expect((await apart({ msisdn: n.msisdn, apart_cents: -200 })).status).toBe(200);
    expect(await reconcileBalances(context, c.network)).toEqual([{ msisdn: n.msisdn, ours: '700', network: '500' }]);
    expect((await ok(c.app, healthApi.ready, {})).network.balance_drift).toBe(1);
    expect(await creditOf(c, n)).toBe(700);
    expect(await creditOf(c, m)).toBe(1500);
  });

  it('a use that cannot be priced (the published charges lack a rate) is not counted: 503, and the network sends it again', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 1000 });
    const published = contentFiles();
    const tables = await published.charges();
    const broken = harnessApp(c, {
      content: { ...published, charges: async () => tables.filter((t) => t.id !== 'use-in-ireland') },
    });
    const eventId = randomUUID();
    await expect(use(c, m, { type: 'voice', amount: 60, destination: '0871234567', eventId }, broken)).rejects.toThrow(
      /expected 503 to be 200/,
    );
    expect(
      await c.handle.db.select().from(schema.networkEvents).where(eq(schema.networkEvents.eventId, eventId)),
    ).toEqual([]);
    // Sent again once the prices are there: counted and charged, once.
    expect((await use(c, m, { type: 'voice', amount: 60, destination: '0871234567', eventId })).outcome).toBe(
      'applied',
    );
    await expectCharged(c, m, 1000, [['Calls', 20]]);
  });
});
