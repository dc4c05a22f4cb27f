import { dayOf } from '../../kernel/calendar.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { useByDay } from '../lines/index.ts';
import { periodAllowanceOf } from '../money/index.ts';
import { linesNamed } from './household.service.ts';

const DAY_MS = 86_400_000;
/** At most this many days back: a period is 30 days, and the chart stays readable on a phone. */
const MOST_DAYS = 31;

const dayAfter = (day: string) => new Date(Date.parse(`${day}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);

/**
 * Each line's data by Irish day for the household screen's chart (docs/product/lifelines.md): the
 * lines the member runs (as the lines list shows them), from the earliest start of their current
 * periods to today, at most 31 days; data only, the figure the lines list already shows, spread by
 * day (never calls, texts, transactions or messages).
 */
export async function householdUsage(ctx: ServiceContext, runnerId: number) {
  // The lines by name and number only: the chart needs no balance, so billing is not asked once a line.
  const lines = await linesNamed(ctx, runnerId);
  const now = ctx.clock();
  const today = dayOf(now);
  const periods = await Promise.all(lines.map((l) => periodAllowanceOf(ctx.db, l.ssn, now)));
  const earliest = dayOf(new Date(now.getTime() - (MOST_DAYS - 1) * DAY_MS));
  const starts = periods.flatMap((p) => (p ? [dayOf(p.startsAt)] : []));
  const from = starts.length > 0 ? starts.reduce((a, b) => (a < b ? a : b)) : today;
  const first = from < earliest ? earliest : from;
  const days: string[] = [];
  for (let day = first; day <= today; day = dayAfter(day)) days.push(day);
  const used = await useByDay(
    ctx.db,
    lines.map((l) => l.ssn),
    first,
    today,
  );
  const byLineDay = new Map(used.map((u) => [`${u.ssn}:${u.day}`, u.data_kb]));
  return {
    days,
    lines: lines.map((l) => ({
      ssn: l.ssn,
      msisdn: l.msisdn,
      name: l.name,
      data_kb: days.map((d) => byLineDay.get(`${l.ssn}:${d}`) ?? 0),
    })),
  };
}
