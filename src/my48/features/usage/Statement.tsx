import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPANY } from '../../../contract/transactions.ts';
import { decimal, euro, formatMsisdn, gb } from '../../../lib/format.ts';
import { dateTime } from '../../components/date-time.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import type { ScreenProps } from '../../screen-props.ts';
import { statement } from './usage-store.ts';
import './usage.css';
import { dateOf, longDay } from './usage-view.ts';
import { TableHead } from '../../../components/TableHead.tsx';
import { slotted } from '../../../lib/slotted.tsx';
import { say, sayCount } from '../../speech.ts';

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
    return <p>{slotted(say('my48.stmt.chooseDays'), { usage: <a href="/my48/usage">{say('my48.stmt.usage')}</a> })}</p>;
  if (state.status === 'error')
    return (
      <div className="stack">
        <LoadFailed error={state.error} retry={state.retryable ? () => void statement.retry() : undefined} />
        <p>
          <a href="/my48/usage">{say('my48.stmt.back')}</a>
        </p>
      </div>
    );
  const s = state.key?.from === from && state.key.to === to ? state.data : undefined;
  if (!s)
    return (
      <p role="status" className="loading-line">
        {say('my48.stmt.making')}
      </p>
    );
  const range = say('my48.stmt.range', { from: dateOf(`${s.from}T12:00:00Z`), to: dateOf(`${s.to}T12:00:00Z`) });
  // The tables' columns, each also the label of its cell on a narrow screen.
  const [tx, date, description, credit, card] = [
    say('my48.stmt.transactions'),
    say('my48.stmt.date'),
    say('my48.stmt.description'),
    say('my48.stmt.credit'),
    say('my48.stmt.cardColumn'),
  ];
  const [useByDay, day, dataGb, minutes, texts] = [
    say('my48.stmt.useByDay'),
    say('my48.stmt.day'),
    say('my48.stmt.dataGb'),
    say('my48.stmt.minutes'),
    say('my48.stmt.texts'),
  ];
  return (
    <article className="card receipt statement stack" aria-labelledby="statement-title">
      <h2 id="statement-title">{say('my48.stmt.title', { range })}</h2>
      <dl className="statement__who">
        <dt>{say('my48.stmt.name')}</dt>
        <dd>{s.name}</dd>
        <dt>{sayCount('my48.stmt.numbers', s.lines.length)}</dt>
        <dd>{s.lines.map((l) => formatMsisdn(l.msisdn)).join(', ') || say('my48.stmt.none')}</dd>
        <dt>{say('my48.stmt.period')}</dt>
        <dd>{range}</dd>
      </dl>
      <table>
        <caption>{say('my48.stmt.totals')}</caption>
        <tbody>
          <tr>
            <th scope="row">{say('my48.stmt.spent')}</th>
            <td className="amount">{euro(s.totals.spent_cents)}</td>
          </tr>
          <tr>
            <th scope="row">{say('my48.stmt.card')}</th>
            <td className="amount">{euro(s.totals.card_cents)}</td>
          </tr>
          <tr>
            <th scope="row">{say('my48.stmt.cameIn')}</th>
            <td className="amount">{euro(s.totals.came_in_cents)}</td>
          </tr>
        </tbody>
      </table>
      <div className="table-wrap" role="region" aria-label={tx} tabIndex={0}>
        <table className="cards">
          <caption>{tx}</caption>
          <TableHead
            columns={[date, description, { label: credit, className: 'amount' }, { label: card, className: 'amount' }]}
          />
          <tbody>
            {s.transactions.length === 0 ? (
              <tr>
                <td colSpan={4}>{say('my48.stmt.noTransactions')}</td>
              </tr>
            ) : (
              s.transactions.map((t, i) => (
                <tr key={i}>
                  <td data-label={date}>{dateTime.format(new Date(t.date))}</td>
                  <td data-label={description}>
                    {t.description}
                    {s.lines.length > 1 ? ` (${formatMsisdn(t.msisdn)})` : ''}
                  </td>
                  <td className="amount" data-label={credit}>
                    {t.amount === 0 ? '' : euro(t.amount)}
                  </td>
                  <td className="amount" data-label={card}>
                    {t.card_amount === 0 ? '' : euro(t.card_amount)}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <div className="table-wrap" role="region" aria-label={useByDay} tabIndex={0}>
        <table className="cards">
          <caption>{useByDay}</caption>
          <TableHead
            columns={[
              day,
              { label: dataGb, className: 'amount' },
              { label: minutes, className: 'amount' },
              { label: texts, className: 'amount' },
            ]}
          />
          <tbody>
            {s.use.length === 0 ? (
              <tr>
                <td colSpan={4}>{say('my48.stmt.noUse')}</td>
              </tr>
            ) : (
              s.use.map((d) => (
                <tr key={`${d.day}${d.msisdn}`}>
                  <td data-label={day}>
                    {longDay(d.day)}
                    {s.lines.length > 1 ? ` (${formatMsisdn(d.msisdn)})` : ''}
                  </td>
                  <td className="amount" data-label={dataGb}>
                    {decimal(gb(d.data_kb))}
                  </td>
                  <td className="amount" data-label={minutes}>
                    {d.minutes}
                  </td>
                  <td className="amount" data-label={texts}>
                    {d.texts}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      <p className="field__hint">
        {say('my48.stmt.company', { name: COMPANY.name, address: COMPANY.address, vat: COMPANY.vatNumber })}
      </p>
      <p className="no-print">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {say('my48.stmt.print')}
        </button>{' '}
        <a href="/my48/usage">{say('my48.stmt.back')}</a>
      </p>
    </article>
  );
}
