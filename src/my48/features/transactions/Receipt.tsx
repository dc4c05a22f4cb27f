import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPANY } from '../../../contract/transactions.ts';
import type { Receipt as ReceiptData } from '../../../contract/transactions.schema.ts';
import { euro, formatMsisdn } from '../../../lib/format.ts';
import { dateTime } from '../../components/date-time.ts';
import { receipt } from './transactions-store.ts';

const BRANDS: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express' };
const KINDS: Record<ReceiptData['kind'], string> = {
  purchase: 'Membership',
  renewal: 'Membership renewal',
  'top-up': 'Credit top-up',
  'add-on': 'Data add-on',
  advance: 'Top-up advance',
  'advance-repayment': 'Top-up advance repayment',
  household: 'For a household line',
  'household-paid': 'Paid by your household',
};

/** /my48/transactions/<id>: one purchase or card payment, with VAT and how it was paid; printable. */
export function Receipt({ id }: { id: string }) {
  const state = useStore(receipt.$state);
  useEffect(() => void receipt.load(id), [id]);
  if (state.status === 'error' && state.key === id)
    return (
      <div className="stack">
        <p className="alert alert--error" role="alert">
          {state.error}
        </p>
        {state.retryable && (
          <p>
            <button type="button" className="btn btn--outline" onClick={() => void receipt.retry()}>
              Try again
            </button>
          </p>
        )}
        <p>
          <a href="/my48/transactions">Back to your transactions</a>
        </p>
      </div>
    );
  const r = state.key === id ? state.data : undefined;
  if (!r)
    return (
      <p role="status" className="loading-line">
        Loading your receipt…
      </p>
    );
  return (
    <article className="card receipt stack" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{`Receipt ${r.id}`}</h2>
      <p>
        {dateTime.format(new Date(r.date))}
        {r.msisdn ? ` · ${formatMsisdn(r.msisdn)}` : ''}
      </p>
      <table>
        <caption className="visually-hidden">What was bought and what it cost</caption>
        <thead>
          <tr>
            <th scope="col">Item</th>
            <th scope="col" className="amount">
              Amount
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{`${KINDS[r.kind]}: ${r.description}`}</td>
            <td className="amount">{euro(r.total_cents)}</td>
          </tr>
          {r.vat_rate_percent === 0 ? (
            <tr>
              <td colSpan={2}>No VAT: credit lent and paid back, not a sale.</td>
            </tr>
          ) : (
            <>
              <tr>
                <td>{`Net of VAT`}</td>
                <td className="amount">{euro(r.net_cents)}</td>
              </tr>
              <tr>
                <td>{`VAT at ${r.vat_rate_percent} %`}</td>
                <td className="amount">{euro(r.vat_cents)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row">{r.kind === 'advance' ? 'Credit advanced to you' : 'Total paid'}</th>
            <td className="amount">
              <strong>{euro(r.total_cents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {r.kind === 'advance' ? (
        <p>Repaid from your next top-ups, gifts and rewards of credit, before they count as credit.</p>
      ) : (
        <>
          <h3>Paid with</h3>
          {r.kind === 'household-paid' && <p>Paid by the owner of your household.</p>}
          <ul>
            {r.credit_cents > 0 && <li>{`Credit: ${euro(r.credit_cents)}`}</li>}
            {r.card_cents > 0 && (
              <li>{`${r.card ? `${BRANDS[r.card.brand] ?? r.card.brand} •••• ${r.card.last4}` : 'Card'}: ${euro(r.card_cents)}`}</li>
            )}
          </ul>
        </>
      )}
      <p className="field__hint">{`${COMPANY.name}, ${COMPANY.address}. VAT number ${COMPANY.vatNumber}. ${COMPANY.registered}.`}</p>
      <div className="actions no-print">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          Print or save as PDF
        </button>
        <a className="btn btn--outline" href="/my48/transactions">
          Back to your transactions
        </a>
      </div>
    </article>
  );
}
