import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { gb } from '../../../lib/format.ts';
import { dailyUsage } from './dashboard-store.ts';
import { TableHead } from '../../../components/TableHead.tsx';

const dayLabel = new Intl.DateTimeFormat('en-IE', { day: 'numeric', month: 'short', timeZone: 'UTC' });

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
      <h2 id="daily-title">Data used per day this period</h2>
      <div className="bars" aria-hidden="true">
        {days.map((d) => (
          <div
            key={d.day}
            className="bars__bar"
            style={{ height: `${Math.max(2, (d.data_kb / max) * 100)}%` }}
            title={`${dayLabel.format(new Date(d.day))}: ${gb(d.data_kb)} GB`}
          />
        ))}
      </div>
      <details>
        <summary>Show the figures</summary>
        <table>
          <caption className="visually-hidden">Data used per day</caption>
          <TableHead columns={['Day', 'Data used']} />
          <tbody>
            {days.map((d) => (
              <tr key={d.day}>
                <td>{dayLabel.format(new Date(d.day))}</td>
                <td>{gb(d.data_kb)} GB</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
      <p>
        <a href="/my48/usage">See all your usage and where your credit went</a>
      </p>
    </section>
  );
}
