import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPANY } from '../../../contract/transactions.ts';
import { euro, formatMsisdn, gb } from '../../../lib/format.ts';
import { dateTime } from '../../components/date-time.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import type { ScreenProps } from '../../screen-props.ts';
import { statement } from './usage-store.ts';
import './usage.css';
import { dateOf, longDay } from './usage-view.ts';
import { TableHead } from '../../../components/TableHead.tsx';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * /my48/usage/statement?from=…&to=…: a statement of a range of days to print (docs/product/money.md,
 * "Where credit goes"): the member's name and numbers, the range, every movement and each day's use,
 * and the totals. The print styles leave out the menus and the buttons.
 */
export default function Statement({ page }: ScreenProps) {
  const from = page.search['from'] ?? '';
  const to = page.search['to'] ?? '';
  const valid = DAY.test(from) && DAY.test(to);
  const state = useStore(statement.$state);
  useEffect(() => {
    if (valid) void statement.load({ from, to });
  }, [from, to, valid]);

  if (!valid)
    return (
      <p>
        Choose the days of your statement on <a href="/my48/usage">Usage</a>.
      </p>
    );
  if (state.status === 'error')
    return (
      <div className="stack">
        <LoadFailed error={state.error} retry={state.retryable ? () => void statement.retry() : undefined} />
        <p>
          <a href="/my48/usage">Back to Usage</a>
        </p>
      </div>
    );
  const s = state.key?.from === from && state.key.to === to ? state.data : undefined;
  if (!s)
    return (
      <p role="status" className="loading-line">
        Making your statement…
      </p>
    );
  const range = `${dateOf(`${s.from}T12:00:00Z`)} to ${dateOf(`${s.to}T12:00:00Z`)}`;
  return (
    <article className="card receipt statement stack" aria-labelledby="statement-title">
      <h2 id="statement-title">{`Statement, ${range}`}</h2>
      <dl className="statement__who">
        <dt>Name</dt>
        <dd>{s.name}</dd>
        <dt>{s.lines.length === 1 ? 'Number' : 'Numbers'}</dt>
        <dd>{s.lines.map((l) => formatMsisdn(l.msisdn)).join(', ') || 'None'}</dd>
        <dt>Period</dt>
        <dd>{range}</dd>
      </dl>
      <table>
        <caption>Totals</caption>
        <tbody>
          <tr>
            <th scope="row">Spent from credit</th>
            <td className="amount">{euro(s.totals.spent_cents)}</td>
          </tr>
          <tr>
            <th scope="row">Paid by card</th>
            <td className="amount">{euro(s.totals.card_cents)}</td>
          </tr>
          <tr>
            <th scope="row">Credit that came in</th>
            <td className="amount">{euro(s.totals.came_in_cents)}</td>
          </tr>
        </tbody>
      </table>
      <div className="table-wrap" role="region" aria-label="Transactions" tabIndex={0}>
        <table className="cards">
          <caption>Transactions</caption>
          <TableHead
            columns={[
              'Date',
              'Description',
              { label: 'Credit', className: 'amount' },
              { label: 'Card', className: 'amount' },
            ]}
          />
          <tbody>
            {s.transactions.length === 0 ? (
              <tr>
                <td colSpan={4}>No transactions on these days.</td>
              </tr>
            ) : (
              s.transactions.map((t, i) => (
                <tr key={i}>
                  <td data-label="Date">{dateTime.format(new Date(t.date))}</td>
                  <td data-label="Description">
                    {t.description}
                    {s.lines.length > 1 ? ` (${formatMsisdn(t.msisdn)})` : ''}
                  </td>
                  <td className="amount" data-label="Credit">
                    {t.amount === 0 ? '' : euro(t.amount)}
                  </td>
                  <td className="amount" data-label="Card">
                    {t.card_amount === 0 ? '' : euro(t.card_amount)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="table-wrap" role="region" aria-label="Use by day" tabIndex={0}>
        <table className="cards">
          <caption>Use by day</caption>
          <TableHead
            columns={[
              'Day',
              { label: 'Data (GB)', className: 'amount' },
              { label: 'Minutes', className: 'amount' },
              { label: 'Texts', className: 'amount' },
            ]}
          />
          <tbody>
            {s.use.length === 0 ? (
              <tr>
                <td colSpan={4}>No use on these days.</td>
              </tr>
            ) : (
              s.use.map((d) => (
                <tr key={`${d.day}${d.msisdn}`}>
                  <td data-label="Day">
                    {longDay(d.day)}
                    {s.lines.length > 1 ? ` (${formatMsisdn(d.msisdn)})` : ''}
                  </td>
                  <td className="amount" data-label="Data (GB)">
                    {gb(d.data_kb)}
                  </td>
                  <td className="amount" data-label="Minutes">
                    {d.minutes}
                  </td>
                  <td className="amount" data-label="Texts">
                    {d.texts}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="field__hint">
        {COMPANY.name}, {COMPANY.address}. VAT {COMPANY.vatNumber}. Prices include VAT.
      </p>
      <p className="no-print">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print this statement
        </button>{' '}
        <a href="/my48/usage">Back to Usage</a>
      </p>
    </article>
  );
}
