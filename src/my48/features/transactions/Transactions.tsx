import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useState } from 'react';
import type { Transaction } from '../../../contract/transactions.schema.ts';
import { clockTime, euro, gb, longDateOf, shortDate, signedEuro } from '../../../lib/format.ts';
import type { ScreenProps } from '../../screen-props.ts';
import { Receipt } from './Receipt.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { pagesOf, showPage, showRange, transactions, type DayRange } from './transactions-store.ts';
import { linesOf } from './transactions-view.ts';
import './transactions.css';
import { TableHead } from '../../../components/TableHead.tsx';

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
  const days = range.from === range.to ? dayName(range.from) : `${dayName(range.from)} to ${dayName(range.to)}`;
  return (
    <p className="alert alert--info">
      {`Showing ${days} only. `}
      <a href="/my48/transactions">Show all transactions</a>
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
        Loading your transactions…
      </p>
    );
  // The page shown (while the next is read, the one before stays).
  const { page, values, total } = state.data;
  const busy = state.status === 'loading';
  if (total === 0)
    return range ? (
      <div className="stack">
        <RangeNote range={range} />
        <p>No transactions on these days.</p>
      </div>
    ) : (
      <p>No transactions yet. Top-ups and purchases will show here.</p>
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
          <caption id="tx-caption">{`Transactions, newest first: page ${page} of ${pages}`}</caption>
          <TableHead
            columns={[
              'Date',
              'Description',
              { label: 'Credit', className: 'num' },
              { label: 'By card', className: 'num' },
              { label: 'Data', className: 'num' },
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
                    <td data-label="What">
                      <button
                        type="button"
                        className="tx-uses__toggle"
                        aria-expanded={open.has(line.key)}
                        aria-controls={line.uses.map((t) => `use-${t.id}`).join(' ')}
                        onClick={() => toggle(line.key)}
                      >
                        {`${line.description}: ${line.count} uses`}
                        <span className="visually-hidden">{open.has(line.key) ? ', shown' : ', show each'}</span>
                      </button>
                    </td>
                    <td className="num" data-label="Credit">
                      {signedEuro(line.amount)}
                    </td>
                    <td className="num" data-label="By card" />
                    <td className="num" data-label="Data" />
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
      <nav className="pager" aria-label="Transaction pages">
        <button
          type="button"
          className="btn btn--outline"
          disabled={busy || page <= 1}
          onClick={() => void showPage(page - 1)}
        >
          Newer
        </button>
        <span aria-live="polite">{`Page ${page} of ${pages}`}</span>
        <button
          type="button"
          className="btn btn--outline"
          disabled={busy || page >= pages}
          onClick={() => void showPage(page + 1)}
        >
          Older
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
      <td data-label="What">
        {t.receipt ? (
          <a href={`/my48/transactions/${t.id}`}>
            {t.description}
            <span className="visually-hidden"> (receipt)</span>
          </a>
        ) : (
          t.description
        )}
      </td>
      <td className="num" data-label="Credit">
        {t.amount === 0 ? '' : signedEuro(t.amount)}
      </td>
      <td className="num" data-label="By card">
        {t.card_amount === 0 ? '' : euro(t.card_amount)}
      </td>
      <td className="num" data-label="Data">
        {t.data_kb === 0 ? '' : `${t.data_kb > 0 ? '+' : '−'}${gb(Math.abs(t.data_kb))} GB`}
      </td>
    </tr>
  );
}
