import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { COMPANY } from '../../../contract/transactions.ts';
import type { Receipt as ReceiptData } from '../../../contract/transactions.schema.ts';
import { euro, formatMsisdn } from '../../../lib/format.ts';
import { dateTime } from '../../components/date-time.ts';
import { receipt } from './transactions-store.ts';
import { say, type My48Key } from '../../speech.ts';

const BRANDS: Record<string, string> = { VISA: 'Visa', MASTER: 'Mastercard', AMEX: 'American Express' };
const KINDS: Record<ReceiptData['kind'], My48Key> = {
  purchase: 'my48.receipt.kind.purchase',
  renewal: 'my48.receipt.kind.renewal',
  'top-up': 'my48.receipt.kind.topUp',
  'add-on': 'my48.receipt.kind.addOn',
  advance: 'my48.receipt.kind.advance',
  'advance-repayment': 'my48.receipt.kind.advanceRepayment',
  household: 'my48.receipt.kind.household',
  'household-paid': 'my48.receipt.kind.householdPaid',
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
              {say('my48.tryAgain')}
            </button>
          </p>
        )}
        <p>
          <a href="/my48/transactions">{say('my48.receipt.back')}</a>
        </p>
      </div>
    );
  const r = state.key === id ? state.data : undefined;
  if (!r)
    return (
      <p role="status" className="loading-line">
        {say('my48.receipt.loading')}
      </p>
    );
  return (
    <article className="card receipt stack" aria-labelledby="receipt-title">
      <h2 id="receipt-title">{say('my48.receipt.title', { id: r.id })}</h2>
      <p>
        {dateTime.format(new Date(r.date))}
        {r.msisdn ? ` · ${formatMsisdn(r.msisdn)}` : ''}
      </p>
      <table>
        <caption className="visually-hidden">{say('my48.receipt.caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{say('my48.receipt.item')}</th>
            <th scope="col" className="amount">
              {say('my48.credit.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>{say('my48.receipt.line', { kind: say(KINDS[r.kind]), description: r.description })}</td>
            <td className="amount">{euro(r.total_cents)}</td>
          </tr>
          {r.vat_rate_percent === 0 ? (
            <tr>
              <td colSpan={2}>{say('my48.receipt.noVat')}</td>
            </tr>
          ) : (
            <>
              <tr>
                <td>{say('my48.receipt.net')}</td>
                <td className="amount">{euro(r.net_cents)}</td>
              </tr>
              <tr>
                <td>{say('my48.receipt.vat', { rate: r.vat_rate_percent })}</td>
                <td className="amount">{euro(r.vat_cents)}</td>
              </tr>
            </>
          )}
          <tr>
            <th scope="row">{r.kind === 'advance' ? say('my48.receipt.advanced') : say('my48.receipt.total')}</th>
            <td className="amount">
              <strong>{euro(r.total_cents)}</strong>
            </td>
          </tr>
        </tbody>
      </table>
      {r.kind === 'advance' ? (
        <p>{say('my48.receipt.repaid')}</p>
      ) : (
        <>
          <h3>{say('my48.receipt.paidWith')}</h3>
          {r.kind === 'household-paid' && <p>{say('my48.receipt.paidByOwner')}</p>}
          <ul>
            {r.credit_cents > 0 && <li>{say('my48.receipt.byCredit', { amount: euro(r.credit_cents) })}</li>}
            {r.card_cents > 0 && (
              <li>
                {say('my48.receipt.byCard', {
                  card: r.card
                    ? `${BRANDS[r.card.brand] ?? r.card.brand} •••• ${r.card.last4}`
                    : say('my48.receipt.card'),
                  amount: euro(r.card_cents),
                })}
              </li>
            )}
          </ul>
        </>
      )}
      <p className="field__hint">
        {say('my48.receipt.company', {
          name: COMPANY.name,
          address: COMPANY.address,
          vat: COMPANY.vatNumber,
          registered: COMPANY.registered,
        })}
      </p>
      <div className="actions no-print">
        <button type="button" className="btn btn--primary" onClick={() => window.print()}>
          {say('my48.receipt.print')}
        </button>
        <a className="btn btn--outline" href="/my48/transactions">
          {say('my48.receipt.back')}
        </a>
      </div>
    </article>
  );
}
