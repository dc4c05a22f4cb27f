import { parse } from 'csv-parse/sync';
import { and, eq, gte, lt, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { householdApi } from '../../../src/contract/household.schema.ts';
import { transactionsApi } from '../../../src/contract/transactions.schema.ts';
import { usageApi } from '../../../src/contract/usage.schema.ts';
import * as schema from '../../../src/server/db/schema.ts';
import { createMember, signIn, type BuiltMember } from '../support/builders.ts';
import { ok, send } from '../support/client.ts';
import { joinHousehold } from '../support/household.ts';
import { sendUse as use } from '../support/network-use.ts';
import { forEachDatabase, type TestContext } from '../support/harness.ts';

// docs/product/money.md "Where credit goes": the Usage screen's series are the ledger's and the
// day's use, by Irish day and month; the statement is the same rows, as JSON and as CSV.

const MB = 1024;
const sim = (m: BuiltMember) => ({ session: m.session, params: { user_id: m.userId, ssn: m.ssn } });
const charts = async (c: TestContext, m: BuiltMember) => (await ok(c.app, usageApi.charts, sim(m)))._payload;

/** The ledger's own sums of a SIM's use by kind in an Irish month: what the chart must equal. */
async function ledgerUseByKind(c: TestContext, m: BuiltMember, month: string) {
  const rows = await c.handle.db
    .select({
      kind: schema.ledger.useKind,
      cents: sql<number>`sum(-${schema.ledger.creditDeltaCents})`.mapWith(Number),
    })
    .from(schema.ledger)
    .where(
      and(
        eq(schema.ledger.ssn, m.ssn),
        eq(schema.ledger.kind, 'usage'),
        sql`to_char(${schema.ledger.occurredAt} at time zone 'Europe/Dublin', 'YYYY-MM') = ${month}`,
      ),
    )
    .groupBy(schema.ledger.useKind);
  return Object.fromEntries(rows.map((r) => [r.kind, r.cents]));
}

forEachDatabase('usage-charts', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('spend by kind equals the ledger: data at home, calls, texts and roaming by zone, beside memberships and top-ups', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 20_000, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 30 } });
    await use(c, m, { amount: 10 * MB }); // data at home past the allowance
    await use(c, m, { type: 'voice', amount: 120, country: 'GB', destination: '0871234567' }); // Zone 2
    await use(c, m, { type: 'sms', amount: 2, country: 'US', destination: '0871234567' }); // Zone 3
    await use(c, m, { amount: 1 * MB, country: 'TH' }); // Zone 4
    const month = '2026-11';
    const fromLedger = await ledgerUseByKind(c, m, month);
    expect(Object.keys(fromLedger).sort()).toEqual(['data', 'roaming-2', 'roaming-3', 'roaming-4']);

    const answer = await charts(c, m);
    expect(answer.money.map((x) => x.month)).toEqual([
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
      '2026-07',
      '2026-08',
      '2026-09',
      '2026-10',
      '2026-11',
    ]);
    const now = answer.money.at(-1)!;
    for (const [kind, cents] of Object.entries(fromLedger)) expect(now.out[kind as keyof typeof now.out]).toBe(cents);
    expect(now.out.calls + now.out.texts + now.out['roaming-1']).toBe(0);
    // The use of the day is the day's row, and the period's days run to today.
    const [day] = await c.handle.db.select().from(schema.dailyUsage).where(eq(schema.dailyUsage.ssn, m.ssn));
    expect(answer.days.at(-1)).toEqual({
      day: '2026-11-22',
      data_kb: day!.dataKb,
      minutes: day!.minutes,
      texts: day!.texts,
    });
    expect(answer.months.at(-1)).toEqual({ month, data_kb: day!.dataKb, minutes: day!.minutes, texts: day!.texts });
    // 30 GB used of 30: the data is used up now.
    expect(answer.period).toMatchObject({ data_kb: 30 * 1024 * MB, data_lasts_until: c.clock.now.toISOString() });
  });

  it('days and months are Irish: a use at 00:30 Irish summer time is the next day and month; the period shows each day, zeroes too', async () => {
    const c = ctx();
    // 23:30 UTC on 31 March is 00:30 on 1 April in Dublin (summer time began on 29 March).
    c.clock.now = new Date('2026-03-31T23:30:00Z');
    const m = await createMember(c, { creditCents: 5_000 });
    await use(c, m, { type: 'voice', amount: 60, destination: '0861234567' }); // €0.20, no membership
    // 23:30 UTC on 31 October is 23:30 in Dublin (winter time since 25 October): still October.
    c.clock.now = new Date('2026-10-31T23:30:00Z');
    await use(c, m, { type: 'sms', amount: 1, destination: '0861234567' });
    c.clock.now = new Date('2026-11-20T12:00:00Z');
    const answer = await charts(c, { ...m, session: await signIn(c, m) });
    const month = (id: string) => answer.money.find((x) => x.month === id)!;
    expect(month('2026-03').out.calls).toBe(0);
    expect(month('2026-04').out.calls).toBe(20);
    expect(month('2026-10').out.texts).toBe(10);
    expect(month('2026-11').out.texts).toBe(0);
    const byMonth = Object.fromEntries(answer.months.map((x) => [x.month, x]));
    expect(byMonth['2026-04']).toMatchObject({ minutes: 1, texts: 0 });
    expect(byMonth['2026-10']).toMatchObject({ minutes: 0, texts: 1 });
    // No membership: no period, no days.
    expect(answer.period).toBeNull();
    expect(answer.days).toEqual([]);

    const member = await createMember(c, { creditCents: 100, membership: { sku: 'BDDT00', daysLeft: 20 } });
    const withPeriod = await charts(c, member);
    const first = withPeriod.days[0]!.day;
    expect(withPeriod.days.at(-1)!.day).toBe('2026-11-20');
    expect(withPeriod.days.length).toBe(Math.round((Date.parse('2026-11-20') - Date.parse(first)) / 86_400_000) + 1);
  });

  it('the pace: half the data used in a third of the period runs out before it ends', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 100, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 15 } });
    const { period } = await charts(c, m);
    const starts = Date.parse(period!.starts_at);
    const elapsed = c.clock.now.getTime() - starts;
    const expected = c.clock.now.getTime() + elapsed; // 15 GB left at 15 GB per `elapsed`
    expect(Date.parse(period!.data_lasts_until!)).toBeCloseTo(expected, -4);
    const light = await createMember(c, { creditCents: 100, membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 1 } });
    expect((await charts(c, light)).period!.data_lasts_until).toBeNull();
  });

  it('a member reads only their own SIM', async () => {
    const c = ctx();
    const a = await createMember(c, { creditCents: 100 });
    const b = await createMember(c, { creditCents: 100 });
    const res = await send(c.app, usageApi.charts, { session: a.session, params: { user_id: a.userId, ssn: b.ssn } });
    expect([403, 404]).toContain(res.status);
    const other = await send(c.app, usageApi.statement, {
      session: a.session,
      params: { user_id: b.userId },
      query: { from: '2026-11-01', to: '2026-11-22' },
    });
    expect(other.status).toBe(403);
  });

  it('the statement as CSV round-trips through a parser: every transaction and day, euro with two decimals, Irish dates', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 5_000 });
    await use(c, m, { type: 'voice', amount: 180, destination: '0861234567' }); // €0.60
    await use(c, m, { amount: 3 * MB }); // €0.15
    // A description with a comma, a quote and a formula's sign: quoted, and kept as text.
    await c.handle.db.insert(schema.ledger).values({
      ssn: m.ssn,
      occurredAt: new Date('2026-11-21T09:15:00Z'),
      kind: 'goodwill',
      description: '=Sorry, "our" fault',
      creditDeltaCents: 250,
      reference: `test:${m.ssn}`,
    });
    const answer = (
      await ok(c.app, usageApi.statement, {
        session: m.session,
        params: { user_id: m.userId },
        query: { from: '2026-11-21', to: '2026-11-22', format: 'csv' },
      })
    )._payload;
    const inRange = await c.handle.db
      .select()
      .from(schema.ledger)
      .where(
        and(
          eq(schema.ledger.ssn, m.ssn),
          gte(schema.ledger.occurredAt, new Date('2026-11-21T00:00:00Z')),
          lt(schema.ledger.occurredAt, new Date('2026-11-23T00:00:00Z')),
        ),
      )
      .orderBy(schema.ledger.occurredAt, schema.ledger.id);
    expect(answer.transactions.map((t) => t.description)).toEqual(inRange.map((r) => r.description));
    const sum = (cents: number[]) => cents.reduce((a, b) => a + b, 0);
    expect(answer.totals).toEqual({
      spent_cents: 75,
      came_in_cents: sum(inRange.map((r) => Math.max(0, r.creditDeltaCents))),
      card_cents: 0,
    });
    expect(answer.totals.came_in_cents).toBeGreaterThanOrEqual(250);

    const csv = answer.csv!.transactions;
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.includes('\r\n')).toBe(true);
    const rows = parse(csv, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toEqual(
      inRange.map((r) => ({
        Date: new Intl.DateTimeFormat('en-IE', {
          timeZone: 'Europe/Dublin',
          day: '2-digit',
          month: '2-digit',
          year: 'numeric',
        }).format(r.occurredAt),
        Time: new Intl.DateTimeFormat('en-IE', {
          timeZone: 'Europe/Dublin',
          hour: '2-digit',
          minute: '2-digit',
          hourCycle: 'h23',
        }).format(r.occurredAt),
        Number: m.msisdn,
        Description: r.description.startsWith('=') ? `'${r.description}` : r.description,
        'Credit (EUR)': (r.creditDeltaCents / 100).toFixed(2),
        'Card (EUR)': '0.00',
        'Data (MB)': (r.dataDeltaKb / 1024).toFixed(2),
      })),
    );
    expect(rows.find((r) => r['Credit (EUR)'] === '2.50')).toMatchObject({
      Date: '21/11/2026',
      Description: `'=Sorry, "our" fault`,
    });
    // A chart's day opens its transactions: the list of that Irish day alone.
    const listed = (
      await ok(c.app, transactionsApi.list, {
        session: m.session,
        params: { user_id: m.userId },
        query: { from: '2026-11-21', to: '2026-11-21', limit: 100 },
      })
    )._payload.values;
    const onThe21st = inRange.filter((r) => r.occurredAt < new Date('2026-11-22T00:00:00Z'));
    expect(listed.map((t) => t.description)).toEqual(onThe21st.map((r) => r.description).reverse());
    expect(listed.map((t) => t.description)).toContain('=Sorry, "our" fault');
    const use_ = parse(answer.csv!.use, { bom: true, columns: true }) as Record<string, string>[];
    expect(use_).toEqual([{ Date: '22/11/2026', Number: m.msisdn, 'Data (MB)': '3.00', Minutes: '3', Texts: '0' }]);
  });

  it('in the member’s language: a Polish member’s statement says the kinds and the CSV’s columns in Polish, the figures as a spreadsheet reads them', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 5_000, language: 'pl' });
    await use(c, m, { type: 'voice', amount: 180, destination: '0861234567' });
    await use(c, m, { amount: 3 * MB });
    const answer = (
      await ok(c.app, usageApi.statement, {
        session: m.session,
        params: { user_id: m.userId },
        query: { from: '2026-11-22', to: '2026-11-22', format: 'csv' },
      })
    )._payload;
    const english = await c.handle.db
      .select({ description: schema.ledger.description })
      .from(schema.ledger)
      .where(and(eq(schema.ledger.ssn, m.ssn), gte(schema.ledger.occurredAt, new Date('2026-11-22T00:00:00Z'))));
    // The ledger keeps its English; the member reads the kinds in Polish.
    expect(english.map((r) => r.description).sort()).toEqual(['Calls', 'Data']);
    expect(answer.transactions.map((t) => t.description).sort()).toEqual(['Dane', 'Połączenia']);
    const rows = parse(answer.csv!.transactions, { bom: true, columns: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)).toEqual([
      'Data',
      'Godzina',
      'Numer',
      'Opis',
      'Saldo (EUR)',
      'Karta (EUR)',
      'Dane (MB)',
    ]);
    expect(rows.map((r) => [r['Opis'], r['Saldo (EUR)']]).sort()).toEqual([
      ['Dane', '-0.15'],
      ['Połączenia', '-0.60'],
    ]);
    const use_ = parse(answer.csv!.use, { bom: true, columns: true }) as Record<string, string>[];
    expect(use_).toEqual([{ Data: '22/11/2026', Numer: m.msisdn, 'Dane (MB)': '3.00', Minuty: '3', 'SMS-y': '0' }]);
  });

  it('a household: the owner sees each line’s data by day, the day’s rows and nothing more; a line and a stranger see no line', async () => {
    const c = ctx();
    const withPlan = { creditCents: 500, membership: { sku: 'BDDT00', daysLeft: 20 } };
    const owner = await createMember(c, withPlan);
    const teen = await createMember(c, withPlan);
    const gran = await createMember(c, withPlan);
    await joinHousehold(c, owner, teen);
    await joinHousehold(c, owner, gran);
    await use(c, teen, { amount: 300 * MB });
    await use(c, teen, { type: 'voice', amount: 600, destination: '0861234567' });
    const usage = (await ok(c.app, householdApi.usage, { session: owner.session, params: { user_id: owner.userId } }))
      ._payload;
    expect(usage.days.at(-1)).toBe('2026-11-22');
    expect(usage.days.length).toBeLessThanOrEqual(31);
    const rows = await c.handle.db.select().from(schema.dailyUsage);
    const dayOf = (ssn: string, day: string) => rows.find((r) => r.ssn === ssn && r.day === day)?.dataKb ?? 0;
    expect(usage.lines.map((l) => l.ssn).sort()).toEqual([teen.ssn, gran.ssn].sort());
    for (const line of usage.lines) {
      expect(Object.keys(line).sort()).toEqual(['data_kb', 'msisdn', 'name', 'ssn']);
      expect(line.data_kb).toEqual(usage.days.map((d) => dayOf(line.ssn, d)));
    }
    expect(usage.lines.find((l) => l.ssn === teen.ssn)!.data_kb.at(-1)).toBe(dayOf(teen.ssn, '2026-11-22'));
    expect(dayOf(teen.ssn, '2026-11-22')).toBeGreaterThanOrEqual(300 * MB);
    // A line of the household, and a member of none, run no household: no line to see.
    for (const who of [teen, await createMember(c, withPlan)])
      expect(
        (await ok(c.app, householdApi.usage, { session: who.session, params: { user_id: who.userId } }))._payload.lines,
      ).toEqual([]);
  });

  it('a range the wrong way round, too long or not a date is refused with a clear message', async () => {
    const c = ctx();
    const m = await createMember(c, { creditCents: 100 });
    const statement = (query: Record<string, string>) =>
      send(c.app, usageApi.statement, { session: m.session, params: { user_id: m.userId }, query: query as never });
    for (const [query, message] of [
      [{ from: '2026-11-22', to: '2026-11-01' }, 'from must not be after to'],
      [{ from: '2025-01-01', to: '2026-11-01' }, 'A statement covers at most 366 days'],
      [{ from: '22/11/2026', to: '2026-11-01' }, 'from must be a date (YYYY-MM-DD)'],
    ] as const) {
      const res = await statement(query);
      expect(res.status).toBe(400);
      expect(JSON.stringify(await res.json())).toContain(message);
    }
  });
});
