import { and, eq, inArray } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { accountApi } from '../../../src/contract/account.schema.ts';
import { sessionFailures } from '../../../src/contract/common-failures.ts';
import { roamingGb } from '../../../src/contract/roaming.ts';
import { roamingApi, roamingFailures } from '../../../src/contract/roaming.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { createMember, type BuiltMember } from '../support/builders.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

// docs/product/roaming.md: the EU allowance computed, use abroad by country, the notices (each once), the cap.

const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });

/** One report of the network's usage feed (the sandbox plays it), as the network would send it. */
async function abroad(c: TestContext, m: BuiltMember, country: string, dataMb: number, extra = {}) {
  const res = await c.app.request('/sandbox/usage', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ msisdn: m.msisdn, country, data_mb: dataMb, ...extra }),
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return (await res.json()) as { zone: string; refused: boolean; stopped: boolean };
}

const noticesOf = async (c: TestContext, m: BuiltMember) =>
  c.handle.db
    .select()
    .from(schema.alerts)
    .where(
      and(
        eq(schema.alerts.memberId, m.userId),
        inArray(schema.alerts.cause, ['roamingArrival', 'roamingFairUse', 'roamingCap']),
      ),
    )
    .orderBy(schema.alerts.id);

forEachDatabase('roaming', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('a €9.99 membership started in 2026 gives 14.76 GB; credit only €20.00 gives 14.78 GB; the summary says the same', async () => {
    const c = ctx();
    const member = await createMember(c, { creditCents: 2000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const view = (await ok(c.app, roamingApi.get, sim(member)))._payload;
    expect(view.allowance).toMatchObject({ from: 'membership', used_kb: 0 });
    expect(roamingGb(view.allowance.max_kb)).toBe('14.76');
    const summary = (await ok(c.app, accountApi.balanceSummary, sim(member)))._payload.current_month_balance_summary;
    expect(summary.roaming_data.max).toBe(view.allowance.max_kb);

    const credit = await createMember(c, { creditCents: 2000 });
    const fromCredit = (await ok(c.app, roamingApi.get, sim(credit)))._payload;
    expect(fromCredit.allowance).toMatchObject({ from: 'credit', fixed_on: null });
    expect(roamingGb(fromCredit.allowance.max_kb)).toBe('14.78');
    expect(
      (await ok(c.app, accountApi.balanceSummary, sim(credit)))._payload.current_month_balance_summary.roaming_data.max,
    ).toBe(fromCredit.allowance.max_kb);
    // Roaming begins: the credit's figure is taken then and kept for the month, whatever the credit does after.
    await abroad(c, credit, 'ES', 100);
    await c.handle.db.update(schema.balances).set({ creditCents: 500 }).where(eq(schema.balances.ssn, credit.ssn));
    const taken = (await ok(c.app, roamingApi.get, sim(credit)))._payload.allowance;
    expect(roamingGb(taken.max_kb)).toBe('14.78');
    expect(taken.used_kb).toBe(100 * 1024);
    expect(taken.fixed_on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // The balance summary's roaming fields are the same figure, not the credit's of now.
    const later = (await ok(c.app, accountApi.balanceSummary, sim(credit)))._payload.current_month_balance_summary
      .roaming_data;
    expect(later).toEqual({ max: taken.max_kb, used: taken.used_kb, left: taken.left_kb });
  });

  it('every membership SKU and credit at the 2025/2026/2027 boundaries: the figure of the Irish day it starts', async () => {
    const c = ctx();
    const boundaries = [
      ['2025-12-31T23:59:00Z', '2025'],
      ['2026-01-01T00:00:00Z', '2026'],
      ['2026-12-31T23:59:00Z', '2026'],
      ['2027-01-01T00:00:00Z', '2027'],
    ] as const;
    const expected: Record<string, Record<string, string>> = {
      BDDT00: { '2025': '12.49', '2026': '14.76', '2027': '16.24' },
      BDDT03: { '2025': '12.49', '2026': '14.76', '2027': '16.24' },
      BDDV00: { '2025': '16.24', '2026': '19.20', '2027': '21.12' },
      // 180 days for €69.99: a month's share of the price, €11.67.
      BDDVBL00: { '2025': '14.59', '2026': '17.25', '2027': '18.97' },
      credit: { '2025': '12.50', '2026': '14.78', '2027': '16.26' },
    };
    for (const [at, year] of boundaries) {
      c.clock.now = new Date(at);
      for (const sku of ['BDDT00', 'BDDT03', 'BDDV00', 'BDDVBL00']) {
        const days = sku === 'BDDVBL00' ? 180 : 30;
        const m = await createMember(c, { creditCents: 2000, membership: { sku, daysLeft: days } });
        const view = (await ok(c.app, roamingApi.get, sim(m)))._payload;
        expect(view.allowance.fixed_on, `${sku} at ${at}`).toBe(at.slice(0, 10));
        expect(roamingGb(view.allowance.max_kb), `${sku} at ${at}`).toBe(expected[sku]![year]);
      }
      const credit = await createMember(c, { creditCents: 2000 });
      const view = (await ok(c.app, roamingApi.get, sim(credit)))._payload;
      expect(roamingGb(view.allowance.max_kb), `credit at ${at}`).toBe(expected['credit']![year]);
    }
  });

  it('use in France is counted by country; arrival, 80 % and 100 % of the EU allowance each notify once', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 2000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    await abroad(c, m, 'FR', 3 * 1024, { minutes: 10, texts: 4 });
    const view = (await ok(c.app, roamingApi.get, sim(m)))._payload;
    expect(view).toMatchObject({ country: 'FR', country_name: 'France', zone: '1' });
    expect(roamingGb(view.allowance.used_kb)).toBe('3.00');
    expect(roamingGb(view.allowance.left_kb)).toBe('11.76');
    expect(view.by_country).toEqual([
      { country: 'FR', country_name: 'France', zone: '1', data_kb: 3 * 1024 * 1024, minutes: 10, texts: 4 },
    ]);
    expect(view.notices.map((n) => n.title)).toEqual(['Welcome to France: roam like at home']);
    // Said on arrival, before this report's use is counted.
    expect(view.notices[0]!.body).toContain('14.76 GB of EU roaming data left');
    expect(view.notices[0]!.body).toContain('112 are free');

    // Twenty reports at once in Spain (an arrival of its own, once), past 80 % and then 100 %.
    await Promise.all(Array.from({ length: 20 }, () => abroad(c, m, 'ES', 700)));
    const after = (await ok(c.app, roamingApi.get, sim(m)))._payload;
    expect(after.allowance.left_kb).toBe(0);
    expect(after.by_country.map((r) => r.country).sort()).toEqual(['ES', 'FR']);
    expect(after.by_country.find((r) => r.country === 'ES')!.data_kb).toBe(20 * 700 * 1024);
    const notices = await noticesOf(c, m);
    expect(notices.map((n) => n.title).sort()).toEqual([
      'Welcome to France: roam like at home',
      'Welcome to Spain: roam like at home',
      'You have used 80 % of your EU roaming data',
      'Your EU roaming data is used up',
    ]);
    // Mailed as every alert is (the member's switches on), once each.
    const mails = await c.handle.db.select().from(schema.outbox).where(eq(schema.outbox.to, m.email));
    expect(mails.filter((x) => x.subject.includes('EU roaming data'))).toHaveLength(2);
  });

  it('outside the EU: arrival with the rates, 80 % of the €50 cap, then data stops once; "go on" resumes it; 20 reports at once notify once each', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 20_000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    // Zone 3 data costs €4.99 a MB with VAT: 10 MB in twenty reports is €50.00 from credit, past 80 % of
    // the €61.50 the €50 cap is with VAT.
    await Promise.all(Array.from({ length: 20 }, () => abroad(c, m, 'US', 0.5)));
    let view = (await ok(c.app, roamingApi.get, sim(m)))._payload;
    expect(view).toMatchObject({ country: 'US', zone: '3' });
    expect(view.cap).toMatchObject({ cap_cents: 5000, cap_with_vat_cents: 6150, continued: false, stopped: false });
    expect(view.cap.spent_cents).toBe(5000);
    let notices = await noticesOf(c, m);
    expect(notices.map((n) => n.title).sort()).toEqual([
      'Welcome to United States: Zone 3 rates apply',
      'You have used 80 % of your data cap abroad',
    ]);
    expect(notices.find((n) => n.cause === 'roamingArrival')!.body).toContain('data €4.99 a MB');

    // Twenty more at once: the cap is reached by some, the rest are refused; one stop notice.
    const results = await Promise.all(Array.from({ length: 20 }, () => abroad(c, m, 'US', 0.5)));
    expect(results.some((r) => r.refused)).toBe(true);
    view = (await ok(c.app, roamingApi.get, sim(m)))._payload;
    expect(view.cap.stopped).toBe(true);
    const spent = view.cap.spent_cents;
    // Past the cap by no more than the one report that reached it (€2.50), and all of it from credit.
    expect(spent).toBeGreaterThanOrEqual(6150);
    expect(spent).toBeLessThanOrEqual(6150 + 250);
    const [credit] = await c.handle.db.select().from(schema.balances).where(eq(schema.balances.ssn, m.ssn));
    expect(credit!.creditCents).toBe(20_000 - spent);
    notices = await noticesOf(c, m);
    expect(notices.filter((n) => n.title === 'Data abroad has stopped')).toHaveLength(1);
    expect(await abroad(c, m, 'US', 1)).toMatchObject({ refused: true, stopped: true });
    // Calls and texts still count while data is stopped.
    await abroad(c, m, 'US', 0, { minutes: 3, texts: 1 });

    // The member goes on for this month: data is counted again, with no more cap notices.
    view = (await ok(c.app, roamingApi.goOn, sim(m)))._payload;
    expect(view.cap).toMatchObject({ continued: true, stopped: false });
    expect(await abroad(c, m, 'US', 1)).toMatchObject({ refused: false, stopped: false });
    expect((await ok(c.app, roamingApi.get, sim(m)))._payload.cap.spent_cents).toBeGreaterThan(spent);
    expect((await noticesOf(c, m)).filter((n) => n.cause === 'roamingCap')).toHaveLength(2);
    const us = (await ok(c.app, roamingApi.get, sim(m)))._payload.by_country.find((r) => r.country === 'US')!;
    expect(us).toMatchObject({ minutes: 3, texts: 1 });
  });

  it('a higher cap lets data go on and warns again at its own 80 %; no cap means no stop; a cap not offered is a 400', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 100_000, membership: { sku: 'BDDT00', daysLeft: 20 } });
    for (let i = 0; i < 13; i++) await abroad(c, m, 'TH', 0.5); // Zone 4: €9.99 a MB; 6.5 MB is €65.00
    expect((await ok(c.app, roamingApi.get, sim(m)))._payload.cap.stopped).toBe(true);
    const raised = (await ok(c.app, roamingApi.setCap, { ...sim(m), body: { cap_cents: 10000 } }))._payload;
    expect(raised.cap).toMatchObject({ cap_cents: 10000, stopped: false });
    // €65.00 spent; €100.00 after seven more: 80 % of the new €100 cap (€123.00 with VAT), its own notice.
    for (let i = 0; i < 7; i++) await abroad(c, m, 'TH', 0.5);
    const capNotices = (await noticesOf(c, m)).filter((n) => n.cause === 'roamingCap');
    expect(capNotices.map((n) => n.body.match(/€[\d.]+ monthly cap/)?.[0])).toEqual([
      '€61.50 monthly cap',
      '€61.50 monthly cap',
      '€123.00 monthly cap',
    ]);
    const none = (await ok(c.app, roamingApi.setCap, { ...sim(m), body: { cap_cents: null } }))._payload;
    expect(none.cap).toMatchObject({ cap_cents: null, stopped: false });
    expect(await abroad(c, m, 'TH', 50)).toMatchObject({ refused: false, stopped: false });
    const bad = await send(c.app, roamingApi.setCap, { ...sim(m), body: { cap_cents: 7500 } as never });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain('cap_cents must be one of 5000, 10000, 20000, null');
  });

  it("another member's roaming is refused, to read and to change, as every path naming another's SIM is", async () => {
    const c = ctx();
    const mine = await createMember(c, { creditCents: 2000 });
    const theirs = await createMember(c, { creditCents: 2000 });
    await abroad(c, theirs, 'FR', 10);
    const other = { session: mine.session, params: { user_id: mine.userId, ssn: theirs.ssn } };
    // The gate of every /sims/{ssn} path answers before the feature: no data, no change.
    await refused(c.app, roamingApi.get, other, sessionFailures.notYourAccount);
    await refused(c.app, roamingApi.setCap, { ...other, body: { cap_cents: null } }, sessionFailures.notYourAccount);
    await refused(c.app, roamingApi.goOn, other, sessionFailures.notYourAccount);
    const [profile] = await c.handle.db
      .select()
      .from(schema.roamingProfiles)
      .where(eq(schema.roamingProfiles.ssn, theirs.ssn));
    expect(profile?.capCents).toBe(5000);
    const months = await c.handle.db
      .select()
      .from(schema.roamingMonths)
      .where(eq(schema.roamingMonths.ssn, theirs.ssn));
    expect(months.every((m) => !m.continued)).toBe(true);
    // Behind the gate, the feature refuses a SIM that is not the member's on its own too.
    const { roamingOf } = await import('../../../src/server/modules/roaming/roaming.service.ts');
    expect(await roamingOf({ db: c.handle.db, clock: () => c.clock.now }, mine.userId, theirs.ssn)).toEqual({
      ok: false,
      reason: 'notYourSim',
    });
    expect(roamingFailures.notYourSim.status).toBe(404);
  });
});
