import { eq } from 'drizzle-orm';
import { irishFormat } from '../../../contract/irish-time.ts';
import type { Statement, UsageCharts } from '../../../contract/usage.schema.ts';
import { sims } from '../../db/schema.ts';
import { dayOf, monthOf, startOfIrishDay } from '../../kernel/calendar.ts';
import { csvText, inertText } from '../../kernel/csv.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { useByDay, useByMonth } from '../lines/index.ts';
import {
  describedIn,
  moneyByMonth,
  movementsBetween,
  periodAllowanceOf,
  type PeriodAllowance,
} from '../money/index.ts';
import type { Locale } from '../../../contract/i18n/locales.ts';
import { message } from '../../../contract/i18n/messages.ts';

const HOUR = 3_600_000;

/** The Irish day after `day` ("2026-03-29" → "2026-03-30"), by the calendar, whatever the clocks do. */
const nextDay = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** The 12 Irish months that end with `month`, oldest first. */
export function last12Months(month: string): string[] {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(y, m - 1 - (11 - i), 1));
    return d.toISOString().slice(0, 7);
  });
}

/**
 * When the period's data runs out at the pace of its use so far (what is left over what a millisecond
 * has used since it began); null while nothing is used or less than an hour has gone, when it lasts
 * past the period's end, or when it is unlimited. Already used up: now.
 */
export function dataLastsUntil(p: PeriodAllowance, now: Date): Date | null {
  if (p.dataKb === null) return null;
  const left = p.dataKb - p.dataUsedKb;
  if (left <= 0) return now;
  const elapsed = now.getTime() - p.startsAt.getTime();
  if (p.dataUsedKb <= 0 || elapsed < HOUR) return null;
  const until = new Date(now.getTime() + (left * elapsed) / p.dataUsedKb);
  return until >= p.endsAt ? null : until;
}

/**
 * What the Usage screen draws for one SIM (docs/product/money.md, "Where credit goes"): its use by
 * Irish day this period (every day to today, a day without use as zeroes) with what the period
 * allows, its use by month and its money by kind and month for the 12 months to this one.
 */
export async function usageChartsOf({ db, clock }: ServiceContext, ssn: string): Promise<UsageCharts> {
  const now = clock();
  const months = last12Months(monthOf(now));
  const from = startOfIrishDay(`${months[0]}-01`);
  const period = await periodAllowanceOf(db, ssn, now);
  const today = dayOf(now);
  const [used, byMonth, money] = await Promise.all([
    period ? useByDay(db, [ssn], dayOf(period.startsAt), today) : Promise.resolve([]),
    useByMonth(db, ssn, months[0]!),
    moneyByMonth(db, [ssn], months, from, new Date(now.getTime() + 1)),
  ]);
  const days: UsageCharts['days'] = [];
  if (period) {
    const byDay = new Map(used.map((d) => [d.day, d]));
    for (let day = dayOf(period.startsAt); day <= today; day = nextDay(day)) {
      const d = byDay.get(day);
      days.push({ day, data_kb: d?.data_kb ?? 0, minutes: d?.minutes ?? 0, texts: d?.texts ?? 0 });
    }
  }
  const monthUse = new Map(byMonth.map((m) => [m.month, m]));
  const lasts = period ? dataLastsUntil(period, now) : null;
  return {
    period: period && {
      starts_at: period.startsAt.toISOString(),
      ends_at: period.endsAt.toISOString(),
      data_kb: period.dataKb,
      minutes: period.minutes,
      texts: period.texts,
      data_used_kb: period.dataUsedKb,
      data_lasts_until: lasts?.toISOString() ?? null,
    },
    days,
    months: months.map((month) => {
      const m = monthUse.get(month);
      return { month, data_kb: m?.data_kb ?? 0, minutes: m?.minutes ?? 0, texts: m?.texts ?? 0 };
    }),
    money,
  };
}

const csvDate = irishFormat({ day: '2-digit', month: '2-digit', year: 'numeric' });
const csvTime = irishFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
/** Euro with two decimals, a plain number a spreadsheet sums ("-1.50"). */
const euros = (cents: number) => (cents / 100).toFixed(2);
const megabytes = (kb: number) => (kb / 1024).toFixed(2);
/** An Irish day "2026-12-05" as a spreadsheet in Ireland reads it: 05/12/2026. */
const irishDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/**
 * The member's statement of a range of Irish days (both included): every movement of money or data
 * of their SIMs and each day's use, with totals; as CSV too when asked (UTF-8 with a byte-order mark,
 * euro with two decimals, Irish dates). Descriptions and the columns' names are in the member's
 * language; the figures stay as a spreadsheet reads them in any.
 */
export async function statementOf(
  { db }: ServiceContext,
  member: { id: number; firstname: string; lastname: string },
  range: { from: string; to: string; csv: boolean; language: Locale },
): Promise<Statement> {
  const owned = await db.select({ ssn: sims.ssn, msisdn: sims.msisdn }).from(sims).where(eq(sims.memberId, member.id));
  const numberOf = new Map(owned.map((s) => [s.ssn, s.msisdn ?? '']));
  const ssns = owned.map((s) => s.ssn);
  const [moved, used] = await Promise.all([
    movementsBetween(db, ssns, startOfIrishDay(range.from), startOfIrishDay(range.to, 1)),
    useByDay(db, ssns, range.from, range.to),
  ]);
  const transactions = moved.map((m) => ({
    date: m.at.toISOString(),
    msisdn: numberOf.get(m.ssn) ?? '',
    description: describedIn(range.language, m.description),
    amount: m.amount,
    card_amount: m.cardAmount,
    data_kb: m.dataKb,
  }));
  const use = used.map(({ ssn, ...d }) => ({ ...d, msisdn: numberOf.get(ssn) ?? '' }));
  const totals = {
    spent_cents: transactions.reduce((s, t) => s + Math.max(0, -t.amount), 0),
    came_in_cents: transactions.reduce((s, t) => s + Math.max(0, t.amount), 0),
    card_cents: transactions.reduce((s, t) => s + t.card_amount, 0),
  };
  const column = (
    name: 'date' | 'time' | 'number' | 'description' | 'credit' | 'card' | 'data' | 'minutes' | 'texts',
  ) => message(range.language, `statement.csv.${name}`);
  const csv = range.csv
    ? {
        transactions: csvText(
          (['date', 'time', 'number', 'description', 'credit', 'card', 'data'] as const).map(column),
          moved.map((m) => [
            csvDate.format(m.at),
            csvTime.format(m.at),
            numberOf.get(m.ssn) ?? '',
            inertText(describedIn(range.language, m.description)),
            euros(m.amount),
            euros(m.cardAmount),
            megabytes(m.dataKb),
          ]),
          { bom: true },
        ),
        use: csvText(
          (['date', 'number', 'data', 'minutes', 'texts'] as const).map(column),
          use.map((d) => [irishDay(d.day), d.msisdn, megabytes(d.data_kb), d.minutes, d.texts]),
          { bom: true },
        ),
      }
    : null;
  return {
    name: `${member.firstname} ${member.lastname}`.trim(),
    from: range.from,
    to: range.to,
    lines: owned.filter((s) => s.msisdn).map((s) => ({ msisdn: s.msisdn ?? '' })),
    transactions,
    use,
    totals,
    csv,
  };
}
