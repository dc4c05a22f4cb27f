import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { FormAlert } from '../../../components/forms/Field.tsx';
import { euro } from '../../../contract/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $account } from '../../stores/account.ts';
import type { ScreenProps } from '../../screen-props.ts';
import { BarChart, type Bar } from '../../components/BarChart.tsx';
import {
  $chosenDay,
  $chosenMoneyMonth,
  $chosenMonth,
  $export,
  $metric,
  downloadCsv,
  usageCharts,
} from './usage-store.ts';
import {
  amountOf,
  dayBars,
  evenPace,
  isoDateOf,
  METRIC_NAMES,
  METRICS,
  moneyBars,
  moneyMonth,
  moneySummary,
  monthBars,
  monthsSummary,
  paceSentence,
  periodSummary,
  transactionsLink,
  type Metric,
} from './usage-view.ts';
import './usage.css';

const UNITS: Record<Metric, string> = { data: 'GB', minutes: 'Minutes', texts: 'Texts' };

/** A chart with its one-line summary, the figure of the chosen bar, and the same figures as a table a click away. */
function ChartCard({
  id,
  title,
  summary,
  bars,
  chart,
  detail,
  columns,
}: {
  id: string;
  title: string;
  summary: string;
  bars: Bar[];
  chart: ReactNode;
  detail: ReactNode;
  columns: [string, string];
}) {
  const [table, setTable] = useState(false);
  return (
    <section className="card stack" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <p id={`${id}-summary`}>{summary}</p>
      {table ? (
        <div className="table-wrap" role="region" aria-label={`${title}: table`} tabIndex={0}>
          <table className="usage-table cards">
            <caption className="visually-hidden">{title}</caption>
            <thead>
              <tr>
                <th scope="col">{columns[0]}</th>
                <th scope="col">{columns[1]}</th>
              </tr>
            </thead>
            <tbody>
              {bars.map((b) => (
                <tr key={b.key}>
                  <th scope="row">{b.name}</th>
                  <td data-label={columns[1]}>{b.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        chart
      )}
      <p>
        <button type="button" className="btn btn--outline" aria-pressed={table} onClick={() => setTable(!table)}>
          {table ? 'Show as a chart' : 'Show as a table'}
        </button>
      </p>
      <div aria-live="polite">{detail}</div>
    </section>
  );
}

function MetricChoice() {
  const metric = useStore($metric);
  return (
    <fieldset className="usage-metric">
      <legend>Show</legend>
      {METRICS.map((m) => (
        <label key={m}>
          <input type="radio" name="usage-metric" value={m} checked={metric === m} onChange={() => $metric.set(m)} />
          {METRIC_NAMES[m]}
        </label>
      ))}
    </fieldset>
  );
}

/** The export: a range of days, its transactions or its use as CSV, or a printable statement. */
function ExportCard({ today, periodStart }: { today: string; periodStart: string }) {
  const state = useStore($export);
  const [from, setFrom] = useState(periodStart);
  const [to, setTo] = useState(today);
  const [error, setError] = useState<string | undefined>(undefined);
  const check = () => {
    if (!from || !to) return 'Choose the first and the last day.';
    if (from > to) return 'The first day must not be after the last.';
    if (to > today) return 'The last day cannot be after today.';
    return undefined;
  };
  const download = (what: 'transactions' | 'use') => (e: FormEvent | MouseEvent<HTMLButtonElement>) => {
    e.preventDefault();
    const problem = check();
    setError(problem);
    if (!problem) void downloadCsv({ from, to }, what);
  };
  const statement = `/my48/usage/statement?from=${from}&to=${to}`;
  return (
    <section className="card stack" aria-labelledby="usage-export-title">
      <h2 id="usage-export-title">Export and statement</h2>
      <p>
        Your transactions and your use by day for the days you choose, as a CSV file for a spreadsheet or an expense
        claim, or as a statement to print.
      </p>
      <form className="usage-export" onSubmit={download('transactions')} noValidate>
        <div className="field">
          <label htmlFor="usage-from">First day</label>
          <input id="usage-from" type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="usage-to">Last day</label>
          <input id="usage-to" type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
        </div>
        {(error ?? state.error) && <FormAlert>{error ?? state.error}</FormAlert>}
        <div className="usage-export__actions">
          <button type="submit" className="btn btn--primary" disabled={state.busy}>
            {state.busy ? 'Making your file…' : 'Download transactions (CSV)'}
          </button>
          <button type="button" className="btn btn--outline" disabled={state.busy} onClick={download('use')}>
            Download use by day (CSV)
          </button>
          <a
            className="btn btn--outline"
            href={statement}
            onClick={(e) => {
              const problem = check();
              setError(problem);
              if (problem) e.preventDefault();
            }}
          >
            Printable statement
          </a>
        </div>
      </form>
    </section>
  );
}

/** my48 → Usage (docs/product/money.md, "Where credit goes"): where a member's data and credit go. */
export default function Usage(_: ScreenProps) {
  const account = useStore($account);
  const ssn = account.sim?.ssn;
  const state = useStore(usageCharts.$state);
  const metric = useStore($metric);
  const day = useStore($chosenDay);
  const month = useStore($chosenMonth);
  const moneyKey = useStore($chosenMoneyMonth);
  useEffect(() => {
    if (ssn) void usageCharts.load(ssn);
  }, [ssn]);

  if (account.status === 'no-sim') return <p>You need an active SIM to see its usage.</p>;
  if (state.status === 'error') return <LoadFailed error={state.error} retry={() => void usageCharts.retry()} />;
  if (!state.data || !ssn) return <p role="status">Loading your usage…</p>;
  const charts = state.data;
  const now = new Date();
  const today = isoDateOf(now.toISOString());
  const days = dayBars(charts, metric);
  const months = monthBars(charts, metric);
  const money = moneyBars(charts);
  const pace = evenPace(charts.period, metric);
  const chosenDay = days.find((b) => b.key === day);
  const chosenMonth = months.find((b) => b.key === month);
  // The month chosen, or the latest with any money in or out (this month when none has).
  const latest = [...charts.money].reverse().find((m) => moneyMonth(m).spent + moneyMonth(m).cameIn !== 0);
  const moneyOf = charts.money.find((m) => m.month === (moneyKey ?? latest?.month ?? charts.money.at(-1)?.month));
  const shownMoney = moneyOf ? moneyMonth(moneyOf) : undefined;
  const paceLine = paceSentence(charts.period, now);

  return (
    <div className="stack">
      {paceLine && (
        <p className="usage-pace" id="usage-pace">
          {paceLine}
        </p>
      )}
      <MetricChoice />
      <ChartCard
        id="usage-days"
        title={`${METRIC_NAMES[metric]} by day this period`}
        summary={periodSummary(charts, metric)}
        bars={days}
        columns={['Day', METRIC_NAMES[metric]]}
        chart={
          days.length > 0 && (
            <BarChart
              labelledBy="usage-days-title"
              bars={days}
              unit={UNITS[metric]}
              chosen={day}
              onChoose={(key) => $chosenDay.set(key)}
              line={
                pace === null
                  ? null
                  : {
                      value: pace,
                      label: `Even pace: ${amountOf(metric === 'data' ? Number(pace.toFixed(2)) : Math.round(pace), metric)} a day`,
                    }
              }
            />
          )
        }
        detail={
          chosenDay && (
            <div className="usage-detail">
              <p>
                <strong>{chosenDay.name}:</strong> {chosenDay.text}.
              </p>
              <p>
                <a href={transactionsLink(chosenDay.key)}>See this day’s transactions</a>
              </p>
            </div>
          )
        }
      />
      <ChartCard
        id="usage-months"
        title={`${METRIC_NAMES[metric]} by month`}
        summary={monthsSummary(charts, metric)}
        bars={months}
        columns={['Month', METRIC_NAMES[metric]]}
        chart={
          <BarChart
            labelledBy="usage-months-title"
            bars={months}
            unit={UNITS[metric]}
            chosen={month}
            onChoose={(key) => $chosenMonth.set(key)}
          />
        }
        detail={
          chosenMonth && (
            <div className="usage-detail">
              <p>
                <strong>{chosenMonth.name}:</strong> {chosenMonth.text}.
              </p>
              <p>
                <a href={transactionsLink(chosenMonth.key)}>See this month’s transactions</a>
              </p>
            </div>
          )
        }
      />
      <ChartCard
        id="usage-money"
        title="Where your money went"
        summary={moneySummary(charts)}
        bars={money}
        columns={['Month', 'Spent']}
        chart={
          <BarChart
            labelledBy="usage-money-title"
            bars={money}
            unit="€"
            chosen={shownMoney?.month}
            onChoose={(key) => $chosenMoneyMonth.set(key)}
          />
        }
        detail={shownMoney && <MoneyDetail month={shownMoney} />}
      />
      <ExportCard
        today={today}
        periodStart={charts.period ? isoDateOf(charts.period.starts_at) : `${today.slice(0, 8)}01`}
      />
    </div>
  );
}

/** One month's money: spent by kind beside what came in, each a row with its share drawn and written. */
function MoneyDetail({ month }: { month: ReturnType<typeof moneyMonth> }) {
  const biggest = Math.max(1, ...month.out.map((r) => r.cents), ...month.in.map((r) => r.cents));
  const rows = (list: typeof month.out, caption: string, totalText: string) => (
    <table className="usage-table usage-money">
      <caption>{caption}</caption>
      <tbody>
        {list.length === 0 ? (
          <tr>
            <th scope="row" colSpan={2}>
              Nothing
            </th>
          </tr>
        ) : (
          list.map((r) => (
            <tr key={r.kind}>
              <th scope="row">
                {r.label}
                <span
                  className="usage-money__bar"
                  style={{ width: `${Math.max(2, (Math.abs(r.cents) / biggest) * 100)}%` }}
                />
              </th>
              <td>{r.text}</td>
            </tr>
          ))
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">Total</th>
          <td>{totalText}</td>
        </tr>
      </tfoot>
    </table>
  );
  return (
    <div className="stack">
      <p className="usage-detail">{month.summary}</p>
      <div className="usage-money__pair">
        {rows(month.out, `Spent in ${month.name}`, euro(month.spent))}
        {rows(month.in, `Came in, ${month.name}`, euro(month.cameIn))}
      </div>
      <p>
        <a href={transactionsLink(month.month)}>See {month.name}’s transactions</a>
      </p>
    </div>
  );
}
