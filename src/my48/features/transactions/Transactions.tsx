import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useState } from 'react';
import type { Transaction } from '../../../contract/transactions.schema.ts';
import { clockTime, decimal, euro, gb, longDateOf, shortDate, signedEuro } from '../../../lib/format.ts';
import type { ScreenProps } from '../../screen-props.ts';
import { Receipt } from './Receipt.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { pagesOf, showPage, showRange, transactions, type DayRange } from './transactions-store.ts';
import { linesOf } from './transactions-view.ts';
import './transactions.css';
import { TableHead } from '../../../components/TableHead.tsx';
import { say, sayCount } from '../../speech.ts';

/** Money in and out, and data moved with the flexible-data features, newest first, ten to a page. */
export default function Transactions({ page }: ScreenProps) {
  if (page.route === 'receipt') return <Receipt id={page.params['id'] ?? ''} />;
  const from = page.search['from'];
  const to = page.search['to'];
  return <List range={from && to && DAY.test(from) && DAY.test(to) ? { from, to } : undefined} />;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayName = (day: string) => longDateOf(new Date(`${day}T12:00:00Z`));

/** The days a narrowed list shows, in words, and the way back to every transaction. */
function RangeNote({ range }: { range: DayRange }) {
  const days =
    range.from === range.to
      ? dayName(range.from)
      : say('my48.tx.daysFromTo', { from: dayName(range.from), to: dayName(range.to) });
  return (
    <p className="alert alert--info">
      {say('my48.tx.showingOnly', { days })} <a href="/my48/transactions">{say('my48.tx.showAll')}</a>
    </p>
  );
}

function List({ range }: { range: DayRange | undefined }) {
  const state = useStore(transactions.$state);
  // Which folded days of use are opened to each use.
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const from = range?.from;
  const to = range?.to;
  useEffect(() => {
    void showRange(from && to ? { from, to } : undefined);
  }, [from, to]);
  if (state.status === 'error')
    return <LoadFailed error={state.error} retry={state.retryable ? () => void transactions.retry() : undefined} />;
  if (!state.data)
    return (
      <p role="status" className="loading-line">
        {say('my48.tx.loading')}
      </p>
    );
  // The page shown (while the next is read, the one before stays).
  const { page, values, total } = state.data;
  const busy = state.status === 'loading';
  if (total === 0)
    return range ? (
      <div className="stack">
        <RangeNote range={range} />
        <p>{say('my48.tx.noneThoseDays')}</p>
      </div>
    ) : (
      <p>{say('my48.tx.noneYet')}</p>
    );
  const pages = pagesOf(total);
  const toggle = (key: string) =>
    setOpen((was) => {
      const next = new Set(was);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });
  return (
    <div className="stack" aria-busy={busy}>
      {range && <RangeNote range={range} />}
      <div className="table-wrap" role="region" aria-labelledby="tx-caption" tabIndex={0}>
        <table className="cards">
          <caption id="tx-caption">{say('my48.tx.caption', { page, pages })}</caption>
          <TableHead
            columns={[
              say('my48.tx.date'),
              say('my48.tx.description'),
              { label: say('my48.tx.credit'), className: 'num' },
              { label: say('my48.tx.byCard'), className: 'num' },
              { label: say('my48.tx.data'), className: 'num' },
            ]}
          />
          <tbody>
            {linesOf(values).map((line) =>
              line.kind === 'one' ? (
                <Row key={line.t.id} t={line.t} />
              ) : (
                <Fragment key={line.key}>
                  <tr className="tx-uses">
                    <td>{shortDate(line.date)}</td>
                    <td data-label={say('my48.tx.what')}>
                      <button
                        type="button"
                        className="tx-uses__toggle"
                        aria-expanded={open.has(line.key)}
                        aria-controls={line.uses.map((t) => `use-${t.id}`).join(' ')}
                        onClick={() => toggle(line.key)}
                      >
                        {sayCount('my48.tx.uses', line.count, { description: line.description })}
                        <span className="visually-hidden">
                          {open.has(line.key) ? say('my48.tx.shown') : say('my48.tx.showEach')}
                        </span>
                      </button>
                    </td>
                    <td className="num" data-label={say('my48.tx.credit')}>
                      {signedEuro(line.amount)}
                    </td>
                    <td className="num" data-label={say('my48.tx.byCard')} />
                    <td className="num" data-label={say('my48.tx.data')} />
                  </tr>
                  {line.uses.map((t) => (
                    <Row key={t.id} t={t} hidden={!open.has(line.key)} id={`use-${t.id}`} within />
                  ))}
                </Fragment>
              ),
            )}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label={say('my48.tx.pages')}>
        <button
          type="button"
          className="btn btn--outline"
          disabled={busy || page <= 1}
          onClick={() => void showPage(page - 1)}
        >
          {say('my48.tx.newer')}
        </button>
        <span aria-live="polite">{say('my48.tx.page', { page, pages })}</span>
        <button
          type="button"
          className="btn btn--outline"
          disabled={busy || page >= pages}
          onClick={() => void showPage(page + 1)}
        >
          {say('my48.tx.older')}
        </button>
      </nav>
    </div>
  );
}

/** One movement: its receipt linked where it has one; a use inside a folded line is shown only when opened. */
function Row({
  t,
  hidden,
  id,
  within,
}: {
  t: Transaction;
  hidden?: boolean;
  id?: string | undefined;
  within?: boolean;
}) {
  return (
    <tr id={id} hidden={hidden} className={within ? 'tx-use' : undefined}>
      <td>{within ? <span className="meta">{clockTime(t.date)}</span> : shortDate(t.date)}</td>
      <td data-label={say('my48.tx.what')}>
        {t.receipt ? (
          <a href={`/my48/transactions/${t.id}`}>
            {t.description}
            <span className="visually-hidden"> {say('my48.tx.receipt')}</span>
          </a>
        ) : (
          t.description
        )}
      </td>
      <td className="num" data-label={say('my48.tx.credit')}>
        {t.amount === 0 ? '' : signedEuro(t.amount)}
      </td>
      <td className="num" data-label={say('my48.tx.byCard')}>
        {t.card_amount === 0 ? '' : euro(t.card_amount)}
      </td>
      <td className="num" data-label={say('my48.tx.data')}>
        {t.data_kb === 0
          ? ''
          : `${t.data_kb > 0 ? '+' : '−'}${say('my48.dash.gb', { gb: decimal(gb(Math.abs(t.data_kb))) })}`}
      </td>
    </tr>
  );
}
