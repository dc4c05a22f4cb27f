import { KB_PER_GB } from '../../../contract/constants.ts';
import { irishFormat } from '../../../contract/irish-time.ts';
import type { UsageCharts } from '../../../contract/usage.schema.ts';
import type { Bar } from '../../components/BarChart.tsx';
import { INCOME_KINDS, SPEND_KINDS, type IncomeKind, type SpendKind } from '../../../contract/usage.ts';
import { decimal, euro, formatTag } from '../../../lib/format.ts';
import { say, sayCount } from '../../speech.ts';

/** What the Usage screen draws: the figures the API answered, in words (the page's), as bars and as table rows. */

export type Metric = 'data' | 'minutes' | 'texts';
export const METRICS: readonly Metric[] = ['data', 'minutes', 'texts'];
/** The metric's name: "Data", "Calls", "Texts". */
export const metricName = (metric: Metric): string => say(`my48.use.metric.${metric}`);

type Figures = { data_kb: number; minutes: number; texts: number };

/** The metric's figure as the chart draws it: GB for data, minutes, texts. */
export const valueOf = (f: Figures, metric: Metric): number =>
  metric === 'data' ? f.data_kb / KB_PER_GB : metric === 'minutes' ? f.minutes : f.texts;

/** The figure in words: "1.25 GB", "1 minute", "12 texts" ("1,25 GB", "12 SMS-ów" in Polish). */
export function amountOf(value: number, metric: Metric): string {
  if (metric === 'data') return say('my48.use.gb', { gb: decimal(value.toFixed(2)) });
  return sayCount(metric === 'minutes' ? 'my48.use.minutes' : 'my48.use.texts', value);
}

/** A formatter of Irish time in the page's language (made once per language and options). */
const inWords = (options: Intl.DateTimeFormatOptions) => irishFormat(options, formatTag());
/** An Irish day "2026-12-03" at noon (the same date in Dublin whatever the clocks do). */
const noonOf = (day: string) => new Date(`${day}T12:00:00Z`);
export const dayLabel = (day: string) => inWords({ day: 'numeric', month: 'short' }).format(noonOf(day));
export const longDay = (day: string) => inWords({ weekday: 'long', day: 'numeric', month: 'long' }).format(noonOf(day));
export const dateOf = (iso: string) =>
  inWords({ day: 'numeric', month: 'long', year: 'numeric' }).format(new Date(iso));
export const isoDateOf = (iso: string) =>
  irishFormat({ year: 'numeric', month: '2-digit', day: '2-digit' }, 'en-CA').format(new Date(iso));

/** English's axis keeps its three letters ("Sep"; Intl now writes "Sept"). */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** "2026-11" → "Nov" (on the axis; "lis" in Polish) and "November 2026" (in words; "listopad 2026"). */
export const monthLabel = (month: string) =>
  formatTag() === 'en-IE'
    ? (MONTHS[Number(month.slice(5, 7)) - 1] ?? month)
    : inWords({ month: 'short' }).format(noonOf(`${month}-15`));
export const longMonth = (month: string) => inWords({ month: 'long', year: 'numeric' }).format(noonOf(`${month}-15`));
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
  if (bars.length === 0) return say('my48.use.noPeriod');
  const sum = total(bars.map((b) => b.value));
  const top = bars.reduce((a, b) => (b.value > a.value ? b : a));
  const days = bars.length;
  if (sum === 0) return sayCount(`my48.use.noneInPeriod.${metric}`, days);
  const whole = (n: number) => (metric === 'data' ? n : Math.round(n));
  return sayCount('my48.use.periodSummary', days, {
    total: amountOf(whole(sum), metric),
    average: amountOf(whole(sum / days), metric),
    day: top.name,
    top: top.text,
  });
}

/** The one line under the months' chart. */
export function monthsSummary(charts: UsageCharts, metric: Metric): string {
  const bars = monthBars(charts, metric);
  const used = bars.filter((b) => b.value > 0);
  if (used.length === 0) return say(`my48.use.noneInMonths.${metric}`);
  const top = used.reduce((a, b) => (b.value > a.value ? b : a));
  const last = bars.at(-1)!;
  const before = bars.at(-2);
  const most = say('my48.use.mostIn', { month: top.name, amount: top.text });
  if (!before) return most;
  const values = { last: last.name, lastAmount: last.text, beforeAmount: before.text, before: before.name };
  return `${most} ${say('my48.use.monthSoFar', values)}`;
}

/**
 * "At this pace your data lasts until …" from the period's use so far (the server's reckoning), or
 * what stands in for it: unlimited, used up, lasting the whole period.
 */
export function paceSentence(period: UsageCharts['period'], now: Date): string | null {
  if (!period) return null;
  if (period.data_kb === null) return say('my48.use.unlimited');
  if (period.data_used_kb >= period.data_kb) return say('my48.use.usedUp');
  const ends = dateOf(period.ends_at);
  if (period.data_lasts_until === null)
    return say(period.data_used_kb === 0 ? 'my48.use.lastsWhole' : 'my48.use.lastsWholeAtPace', { ends });
  const until = new Date(period.data_lasts_until);
  return until <= now
    ? say('my48.use.usedUp')
    : say('my48.use.lastsUntil', { until: dateOf(period.data_lasts_until), ends });
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
    label: say(`my48.use.spend.${k}`),
    cents: m.out[k],
    text: euro(m.out[k]),
  }));
  const came = INCOME_KINDS.filter((k) => m.in[k] !== 0).map((k: IncomeKind) => ({
    kind: k,
    label: say(`my48.use.income.${k}`),
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
      ? say('my48.use.nothingInMonth', { month: name })
      : [
          say('my48.use.spentInMonth', { month: name, spent: euro(spent), cameIn: euro(cameIn) }),
          ...(most && out.length > 1 ? [say('my48.use.mostWent', { kind: most.label, amount: most.text })] : []),
        ].join(' ');
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
  if (spent === 0) return say('my48.use.nothingInYear');
  const top = months.reduce((a, b) => (b.spent > a.spent ? b : a));
  return say('my48.use.spentInYear', { spent: euro(spent), month: top.name, amount: euro(top.spent) });
}

/** The transactions of a day or a month: the list's address for a bar. */
export function transactionsLink(key: string): string {
  const [from, to] = key.length === 7 ? [`${key}-01`, lastDayOf(key)] : [key, key];
  return `/my48/transactions?from=${from}&to=${to}`;
}
