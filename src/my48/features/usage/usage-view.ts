import { KB_PER_GB } from '../../../contract/constants.ts';
import { euro } from '../../../contract/format.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import type { UsageCharts } from '../../../contract/usage.schema.ts';
import type { Bar } from '../../components/BarChart.tsx';
import {
  INCOME_KINDS,
  INCOME_LABELS,
  SPEND_KINDS,
  SPEND_LABELS,
  type IncomeKind,
  type SpendKind,
} from '../../../contract/usage.ts';

/** What the Usage screen draws: the figures the API answered, in words, as bars and as table rows. */

export type Metric = 'data' | 'minutes' | 'texts';
export const METRICS: readonly Metric[] = ['data', 'minutes', 'texts'];
export const METRIC_NAMES: Record<Metric, string> = { data: 'Data', minutes: 'Calls', texts: 'Texts' };

type Figures = { data_kb: number; minutes: number; texts: number };

/** The metric's figure as the chart draws it: GB for data, minutes, texts. */
export const valueOf = (f: Figures, metric: Metric): number =>
  metric === 'data' ? f.data_kb / KB_PER_GB : metric === 'minutes' ? f.minutes : f.texts;

/** The figure in words: "1.25 GB", "1 minute", "12 texts". */
export function amountOf(value: number, metric: Metric): string {
  if (metric === 'data') return `${value.toFixed(2)} GB`;
  const one = metric === 'minutes' ? 'minute' : 'text';
  return `${value} ${value === 1 ? one : `${one}s`}`;
}

const dayFormat = irishFormat({ day: 'numeric', month: 'short' });
const longDayFormat = irishFormat({ weekday: 'long', day: 'numeric', month: 'long' });
const dateFormat = irishFormat({ day: 'numeric', month: 'long', year: 'numeric' });
/** An Irish day "2026-12-03" at noon (the same date in Dublin whatever the clocks do). */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
export const dayLabel = (day: string) => dayFormat.format(noonOf(day));
export const longDay = (day: string) => longDayFormat.format(noonOf(day));
export const dateOf = (iso: string) => dateFormat.format(new Date(iso));
export const isoDateOf = (iso: string) =>
  irishFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(iso));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** "2026-11" → "Nov" (on the axis) and "November 2026" (in words). */
export const monthLabel = (month: string) => MONTHS[Number(month.slice(5, 7)) - 1] ?? month;
export const longMonth = (month: string) =>
  `${LONG_MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;
/** The last day of a month "2026-02" → "2026-02-28". */
export function lastDayOf(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/** What the period allows of the metric (null: unlimited or no period). */
export function allowanceOf(period: UsageCharts['period'], metric: Metric): number | null {
  if (!period) return null;
  if (metric === 'data') return period.data_kb === null ? null : period.data_kb / KB_PER_GB;
  return metric === 'minutes' ? period.minutes : period.texts;
}

/** The period's length in days (a 30-day membership: 30). */
export const periodDays = (period: NonNullable<UsageCharts['period']>) =>
  Math.max(1, Math.round((Date.parse(period.ends_at) - Date.parse(period.starts_at)) / 86_400_000));

/** The even pace: what the period allows spread over its days (a day below it leaves the allowance for the rest). */
export function evenPace(period: UsageCharts['period'], metric: Metric): number | null {
  const allowed = allowanceOf(period, metric);
  return allowed === null || !period ? null : allowed / periodDays(period);
}

export function dayBars(charts: UsageCharts, metric: Metric): Bar[] {
  return charts.days.map((d) => {
    const value = valueOf(d, metric);
    return { key: d.day, label: dayLabel(d.day), name: longDay(d.day), value, text: amountOf(value, metric) };
  });
}

export function monthBars(charts: UsageCharts, metric: Metric): Bar[] {
  return charts.months.map((m) => {
    const value = valueOf(m, metric);
    return { key: m.month, label: monthLabel(m.month), name: longMonth(m.month), value, text: amountOf(value, metric) };
  });
}

const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** The one line under the period's chart: how much, the average a day, the busiest day. */
export function periodSummary(charts: UsageCharts, metric: Metric): string {
  const bars = dayBars(charts, metric);
  if (bars.length === 0) return 'You have no membership period running, so there is no use by day to show.';
  const sum = total(bars.map((b) => b.value));
  const top = bars.reduce((a, b) => (b.value > a.value ? b : a));
  const days = bars.length === 1 ? '1 day' : `${bars.length} days`;
  if (sum === 0) return `No ${METRIC_NAMES[metric].toLowerCase()} used in the ${days} of this period so far.`;
  const average =
    metric === 'data' ? `${(sum / bars.length).toFixed(2)} GB` : amountOf(Math.round(sum / bars.length), metric);
  return `${amountOf(metric === 'data' ? sum : Math.round(sum), metric)} in the ${days} of this period so far, ${average} a day on average; the most on ${top.name} (${top.text}).`;
}

/** The one line under the months' chart. */
export function monthsSummary(charts: UsageCharts, metric: Metric): string {
  const bars = monthBars(charts, metric);
  const used = bars.filter((b) => b.value > 0);
  if (used.length === 0) return `No ${METRIC_NAMES[metric].toLowerCase()} used in the last 12 months.`;
  const top = used.reduce((a, b) => (b.value > a.value ? b : a));
  const last = bars.at(-1)!;
  const before = bars.at(-2);
  const compared = before ? ` ${last.name} so far: ${last.text}, against ${before.text} in ${before.name}.` : '';
  return `The most in ${top.name} (${top.text}).${compared}`;
}

/**
 * "At this pace your data lasts until …" from the period's use so far (the server's reckoning), or
 * what stands in for it: unlimited, used up, lasting the whole period.
 */
export function paceSentence(period: UsageCharts['period'], now: Date): string | null {
  if (!period) return null;
  if (period.data_kb === null) return 'Your data is unlimited this period.';
  if (period.data_used_kb >= period.data_kb) return 'Your data for this period is used up.';
  if (period.data_lasts_until === null) {
    return period.data_used_kb === 0
      ? `Your data lasts the whole period, to ${dateOf(period.ends_at)}.`
      : `At this pace your data lasts the whole period, to ${dateOf(period.ends_at)}.`;
  }
  const until = new Date(period.data_lasts_until);
  return until <= now
    ? 'Your data for this period is used up.'
    : `At this pace your data lasts until ${dateOf(period.data_lasts_until)}, before the period ends on ${dateOf(period.ends_at)}.`;
}

/** One kind of money in a month, in words. */
export interface MoneyRow {
  kind: string;
  label: string;
  cents: number;
  text: string;
}

export interface MoneyMonth {
  month: string;
  name: string;
  spent: number;
  cameIn: number;
  out: MoneyRow[];
  in: MoneyRow[];
  summary: string;
}

/** A month's money: what went out by kind and what came in, largest first, nothing shown that is zero. */
export function moneyMonth(m: UsageCharts['money'][number]): MoneyMonth {
  const out = SPEND_KINDS.filter((k) => m.out[k] !== 0).map((k: SpendKind) => ({
    kind: k,
    label: SPEND_LABELS[k],
    cents: m.out[k],
    text: euro(m.out[k]),
  }));
  const came = INCOME_KINDS.filter((k) => m.in[k] !== 0).map((k: IncomeKind) => ({
    kind: k,
    label: INCOME_LABELS[k],
    cents: m.in[k],
    text: euro(m.in[k]),
  }));
  out.sort((a, b) => b.cents - a.cents);
  came.sort((a, b) => b.cents - a.cents);
  const spent = total(out.map((r) => r.cents));
  const cameIn = total(came.map((r) => r.cents));
  const name = longMonth(m.month);
  const most = out[0];
  const summary =
    spent === 0 && cameIn === 0
      ? `Nothing spent and nothing came in in ${name}.`
      : `In ${name} you spent ${euro(spent)} and ${euro(cameIn)} came in.${most && out.length > 1 ? ` The most went on ${most.label}: ${most.text}.` : ''}`;
  return { month: m.month, name, spent, cameIn, out, in: came, summary };
}

export function moneyBars(charts: UsageCharts): Bar[] {
  return charts.money.map((m) => {
    const month = moneyMonth(m);
    return {
      key: m.month,
      label: monthLabel(m.month),
      name: month.name,
      value: month.spent / 100,
      text: euro(month.spent),
    };
  });
}

/** The one line under the money chart: the 12 months' spend and the month with most. */
export function moneySummary(charts: UsageCharts): string {
  const months = charts.money.map(moneyMonth);
  const spent = total(months.map((m) => m.spent));
  if (spent === 0) return 'Nothing spent in the last 12 months.';
  const top = months.reduce((a, b) => (b.spent > a.spent ? b : a));
  return `${euro(spent)} spent in the last 12 months, the most in ${top.name} (${euro(top.spent)}).`;
}

/** The transactions of a day or a month: the list's address for a bar. */
export function transactionsLink(key: string): string {
  const [from, to] = key.length === 7 ? [`${key}-01`, lastDayOf(key)] : [key, key];
  return `/my48/transactions?from=${from}&to=${to}`;
}
