import { useStore } from '@nanostores/react';
import { useEffect, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { FormAlert } from '../../../components/forms/Field.tsx';
import { euro } from '../../../lib/format.ts';
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
  metricName,
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
import { say } from '../../speech.ts';

/** The axis's unit: GB, or the count's name. */
const unitOf = (metric: Metric): string =>
  metric === 'data' ? 'GB' : say(metric === 'minutes' ? 'my48.use.unit.minutes' : 'my48.use.unit.texts');

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
        <div className="table-wrap" role="region" aria-label={say('my48.use.tableOf', { title })} tabIndex={0}>
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
          {say(table ? 'my48.use.asChart' : 'my48.use.asTable')}
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
      <legend>{say('my48.use.show')}</legend>
      {METRICS.map((m) => (
        <label key={m}>
          <input type="radio" name="usage-metric" value={m} checked={metric === m} onChange={() => $metric.set(m)} />
          {metricName(m)}
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
    if (!from || !to) return say('my48.use.chooseDays');
    if (from > to) return say('my48.use.firstAfterLast');
    if (to > today) return say('my48.use.lastAfterToday');
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
      <h2 id="usage-export-title">{say('my48.use.exportTitle')}</h2>
      <p>{say('my48.use.exportText')}</p>
      <form className="usage-export" onSubmit={download('transactions')} noValidate>
        <div className="field">
          <label htmlFor="usage-from">{say('my48.use.firstDay')}</label>
          <input id="usage-from" type="date" value={from} max={today} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="usage-to">{say('my48.use.lastDay')}</label>
          <input id="usage-to" type="date" value={to} max={today} onChange={(e) => setTo(e.target.value)} />
        </div>
        {(error ?? state.error) && <FormAlert>{error ?? state.error}</FormAlert>}
        <div className="usage-export__actions">
          <button type="submit" className="btn btn--primary" disabled={state.busy}>
            {say(state.busy ? 'my48.use.makingFile' : 'my48.use.downloadTransactions')}
          </button>
          <button type="button" className="btn btn--outline" disabled={state.busy} onClick={download('use')}>
            {say('my48.use.downloadUse')}
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
            {say('my48.use.printable')}
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

  if (account.status === 'no-sim') return <p>{say('my48.use.noSim')}</p>;
  if (state.status === 'error') return <LoadFailed error={state.error} retry={() => void usageCharts.retry()} />;
  if (!state.data || !ssn) return <p role="status">{say('my48.use.loading')}</p>;
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
        title={say('my48.use.byDay', { metric: metricName(metric) })}
        summary={periodSummary(charts, metric)}
        bars={days}
        columns={[say('my48.use.day'), metricName(metric)]}
        chart={
          days.length > 0 && (
            <BarChart
              labelledBy="usage-days-title"
              bars={days}
              unit={unitOf(metric)}
              chosen={day}
              onChoose={(key) => $chosenDay.set(key)}
              line={
                pace === null
                  ? null
                  : {
                      value: pace,
                      label: say('my48.use.evenPace', {
                        amount: amountOf(metric === 'data' ? Number(pace.toFixed(2)) : Math.round(pace), metric),
                      }),
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
                <a href={transactionsLink(chosenDay.key)}>{say('my48.use.seeDay')}</a>
              </p>
            </div>
          )
        }
      />
      <ChartCard
        id="usage-months"
        title={say('my48.use.byMonth', { metric: metricName(metric) })}
        summary={monthsSummary(charts, metric)}
        bars={months}
        columns={[say('my48.use.month'), metricName(metric)]}
        chart={
          <BarChart
            labelledBy="usage-months-title"
            bars={months}
            unit={unitOf(metric)}
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
                <a href={transactionsLink(chosenMonth.key)}>{say('my48.use.seeMonth')}</a>
              </p>
            </div>
          )
        }
      />
      <ChartCard
        id="usage-money"
        title={say('my48.use.moneyTitle')}
        summary={moneySummary(charts)}
        bars={money}
        columns={[say('my48.use.month'), say('my48.use.spent')]}
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
              {say('my48.use.nothing')}
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
          <th scope="row">{say('my48.use.total')}</th>
          <td>{totalText}</td>
        </tr>
      </tfoot>
    </table>
  );
  return (
    <div className="stack">
      <p className="usage-detail">{month.summary}</p>
      <div className="usage-money__pair">
        {rows(month.out, say('my48.use.spentIn', { month: month.name }), euro(month.spent))}
        {rows(month.in, say('my48.use.cameIn', { month: month.name }), euro(month.cameIn))}
      </div>
      <p>
        <a href={transactionsLink(month.month)}>{say('my48.use.seeMonthNamed', { month: month.name })}</a>
      </p>
    </div>
  );
}
