import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { dailyUsage } from '../../db/schema.ts';

/** One day's or one month's use of a SIM: data in KB, call minutes, texts. */
export interface UseFigures {
  data_kb: number;
  minutes: number;
  texts: number;
}

/** The SIMs' use by Irish day between two days (inclusive), oldest first: only the days with use. */
export async function useByDay(q: Queryable, ssns: string[], from: string, to: string) {
  if (ssns.length === 0) return [];
  const rows = await q
    .select()
    .from(dailyUsage)
    .where(and(inArray(dailyUsage.ssn, ssns), gte(dailyUsage.day, from), lte(dailyUsage.day, to)))
    .orderBy(asc(dailyUsage.day), asc(dailyUsage.ssn));
  return rows.map((r) => ({ ssn: r.ssn, day: r.day, data_kb: r.dataKb, minutes: r.minutes, texts: r.texts }));
}

/**
 * A SIM's use by Irish month from the first day of `fromMonth` on ("2026-01"), summed by the
 * database along the (ssn, day) key: a range of one SIM's rows, never a scan.
 */
export async function useByMonth(
  q: Queryable,
  ssn: string,
  fromMonth: string,
): Promise<(UseFigures & { month: string })[]> {
  const month = sql<string>`to_char(${dailyUsage.day}, 'YYYY-MM')`;
  const rows = await q
    .select({
      month,
      data_kb: sql<number>`sum(${dailyUsage.dataKb})`.mapWith(Number),
      minutes: sql<number>`sum(${dailyUsage.minutes})`.mapWith(Number),
      texts: sql<number>`sum(${dailyUsage.texts})`.mapWith(Number),
    })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.ssn, ssn), gte(dailyUsage.day, `${fromMonth}-01`)))
    .groupBy(month);
  return rows;
}

/**
 * Lines' part of the statement that counts uses at home many at a time (flexi-data's usage-at-home.ts,
 * ADR 052): each SIM's day of use added to. Reads `a` (ssn, day, kb, mins, texts); defines `daily`.
 */
export function dailyUseCte(): SQL {
  return sql`
    daily as (
      insert into daily_usage (ssn, day, data_kb, minutes, texts)
      select ssn, day, sum(kb), sum(mins), sum(texts) from a group by ssn, day
      on conflict (ssn, day) do update set data_kb = daily_usage.data_kb + excluded.data_kb,
        minutes = daily_usage.minutes + excluded.minutes, texts = daily_usage.texts + excluded.texts
    )`;
}
