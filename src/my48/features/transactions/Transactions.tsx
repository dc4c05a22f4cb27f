import { useEffect, useState } from 'react';
import { errorMessage, http } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { credit, shortDate } from '../dashboard/usage-summary.ts';

interface Transaction {
  id: number;
  date: string;
  description: string;
  amount: number;
}

const PAGE_SIZE = 10;

/** Money in and out, newest first, ten to a page. */
export default function Transactions() {
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ values: Transaction[]; total: number }>();
  const [error, setError] = useState<string>();
  useEffect(() => {
    http<{ _meta: { total: number }; _payload: { values: Transaction[] } }>(`/panda/protected/users/${currentUserId()}/transactions`, { query: { page, limit: PAGE_SIZE } })
      .then((r) => {
        setError(undefined);
        setData({ values: r._payload.values, total: r._meta.total });
      })
      .catch((e: unknown) => setError(errorMessage(e, 'Your transactions could not be loaded. Please try again.')));
  }, [page]);
  if (error) return <div className="alert alert--error" role="alert">{error}</div>;
  if (!data) return <p role="status" className="loading-line">Loading your transactions…</p>;
  if (data.total === 0) return <p>No transactions yet. Top-ups and purchases will show here.</p>;
  const pages = Math.ceil(data.total / PAGE_SIZE);
  return (
    <div className="stack">
      <div className="table-wrap" role="region" aria-labelledby="tx-caption" tabIndex={0}>
        <table>
          <caption id="tx-caption">{`Transactions, newest first: page ${page} of ${pages}`}</caption>
          <thead>
            <tr><th scope="col">Date</th><th scope="col">Description</th><th scope="col" className="num">Amount</th></tr>
          </thead>
          <tbody>
            {data.values.map((t) => (
              <tr key={t.id}>
                <td>{shortDate(t.date)}</td>
                <td>{t.description}</td>
                <td className="num">{t.amount > 0 ? `+${credit(t.amount)}` : `−${credit(-t.amount)}`}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <nav className="pager" aria-label="Transaction pages">
        <button type="button" className="btn btn--outline" disabled={page <= 1} onClick={() => setPage(page - 1)}>Newer</button>
        <span aria-live="polite">{`Page ${page} of ${pages}`}</span>
        <button type="button" className="btn btn--outline" disabled={page >= pages} onClick={() => setPage(page + 1)}>Older</button>
      </nav>
    </div>
  );
}
