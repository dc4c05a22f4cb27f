import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { decimal, formatMsisdn, formatTag } from '../../../lib/format.ts';
import { say } from '../../speech.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { irishFormat } from '../../../contract/irish-time.ts';
import { BarChart, type Bar } from '../../components/BarChart.tsx';
import { $chosen, linesUsage } from './lines-usage-store.ts';

const KB_PER_GB = 1024 * 1024;
const gbText = (gb: number) => say('my48.hh.use.gb', { gb: decimal(gb.toFixed(2)) });
const noon = (day: string) => new Date(`${day}T12:00:00Z`);
/** A day in the page's language: "3 Dec" on the axis, "Thursday 3 December" in words, "3 December" after "since". */
const inWords = (options: Intl.DateTimeFormatOptions) => irishFormat(options, formatTag());
const dayLabel = (day: string) => inWords({ day: 'numeric', month: 'short' }).format(noon(day));
const longDay = (day: string) => inWords({ weekday: 'long', day: 'numeric', month: 'long' }).format(noon(day));
// Polish puts a day after "od" in the genitive: its weekday would need another case, so it goes.
const sinceDay = (day: string) =>
  formatTag() === 'pl-PL' ? inWords({ day: 'numeric', month: 'long' }).format(noon(day)) : longDay(day);

/**
 * The household's lines' data by day (docs/product/lifelines.md): one chart per line, under one
 * heading and on one scale, with the same figures as one table a click away. Data only: the figure the lines list
 * shows, day by day; never calls, texts, transactions or messages.
 */
export default function LinesUsage() {
  const state = useStore(linesUsage.$state);
  const chosen = useStore($chosen);
  const [table, setTable] = useState(false);
  useEffect(() => {
    void linesUsage.load();
  }, []);
  if (state.status === 'error') return <LoadFailed error={state.error} retry={() => void linesUsage.retry()} />;
  const usage = state.data;
  if (!usage)
    return (
      <p role="status" className="loading-line">
        {say('my48.hh.usageLoading')}
      </p>
    );
  if (usage.lines.length === 0) return null;
  const first = usage.days[0];
  const since = first ? sinceDay(first) : '';
  const totals = usage.lines.map((l) => ({
    line: l,
    gb: l.data_kb.reduce((a, b) => a + b, 0) / KB_PER_GB,
  }));
  // One scale for every line, so that their bars compare.
  const top = Math.max(0, ...usage.lines.flatMap((l) => l.data_kb)) / KB_PER_GB;
  const summary = say('my48.hh.use.since', {
    day: since,
    totals: totals.map((t) => `${t.line.name} ${gbText(t.gb)}`).join(', '),
  });
  const barsOf = (data: number[]): Bar[] =>
    usage.days.map((day, i) => {
      const value = (data[i] ?? 0) / KB_PER_GB;
      return { key: day, label: dayLabel(day), name: longDay(day), value, text: gbText(value) };
    });
  return (
    <section className="card stack" aria-labelledby="lines-usage-title">
      <h2 id="lines-usage-title">{say('my48.hh.use.title')}</h2>
      <p>{summary}</p>
      {table ? (
        <div className="table-wrap" role="region" aria-label={say('my48.hh.use.table')} tabIndex={0}>
          <table className="household__usage cards">
            <caption className="visually-hidden">{say('my48.hh.use.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{say('my48.hh.use.day')}</th>
                {usage.lines.map((l) => (
                  <th scope="col" key={l.ssn}>
                    {l.name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {usage.days.map((day, i) => (
                <tr key={day}>
                  <th scope="row">{longDay(day)}</th>
                  {usage.lines.map((l) => (
                    <td key={l.ssn} data-label={l.name}>
                      {gbText((l.data_kb[i] ?? 0) / KB_PER_GB)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        usage.lines.map((l) => {
          const bars = barsOf(l.data_kb);
          const pick = chosen?.ssn === l.ssn ? bars.find((b) => b.key === chosen.day) : undefined;
          const id = `line-usage-${l.ssn}`;
          return (
            <div key={l.ssn} className="stack">
              <h3 id={id}>{`${l.name}${l.msisdn ? `, ${formatMsisdn(l.msisdn)}` : ''}`}</h3>
              <BarChart
                labelledBy={id}
                bars={bars}
                unit="GB"
                max={top}
                chosen={pick?.key}
                onChoose={(day) => $chosen.set({ ssn: l.ssn, day })}
              />
              <p aria-live="polite" className="usage-detail">
                {pick ? `${pick.name}: ${pick.text}.` : ''}
              </p>
            </div>
          );
        })
      )}
      <p>
        <button type="button" className="btn btn--outline" aria-pressed={table} onClick={() => setTable(!table)}>
          {say(table ? 'my48.hh.use.charts' : 'my48.hh.use.showTable')}
        </button>
      </p>
    </section>
  );
}
