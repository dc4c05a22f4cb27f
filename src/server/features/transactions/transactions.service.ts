import { and, count, desc, eq, ne, or } from 'drizzle-orm';
import { ledger, sims } from '../../db/schema.ts';
import { LOAN_KINDS, RECEIPT_KINDS, vatOf, VAT_RATE_PERCENT, type Receipt } from '../../../contract/transactions.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';

/** Movements of the member's SIMs: money by credit or card, and data moved with the flexible-data features; newest first, one page. */
export async function transactionsPage({ db }: ServiceContext, memberId: number, page: number, limit: number) {
  const mine = and(
    eq(sims.memberId, memberId),
    or(ne(ledger.creditDeltaCents, 0), ne(ledger.cardCents, 0), eq(ledger.kind, 'flexi')),
  );
  const [total] = await db.select({ n: count() }).from(ledger).innerJoin(sims, eq(sims.ssn, ledger.ssn)).where(mine);
  const rows = await db
    .select({
      id: ledger.id,
      date: ledger.occurredAt,
      description: ledger.description,
      amount: ledger.creditDeltaCents,
      card_amount: ledger.cardCents,
      data_kb: ledger.dataDeltaKb,
      kind: ledger.kind,
    })
    .from(ledger)
    .innerJoin(sims, eq(sims.ssn, ledger.ssn))
    .where(mine)
    .orderBy(desc(ledger.occurredAt), desc(ledger.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return {
    total: total?.n ?? 0,
    values: rows.map(({ kind, ...r }) => ({ ...r, date: r.date.toISOString(), receipt: isReceiptKind(kind) })),
  };
}

const isReceiptKind = (kind: string): kind is Receipt['kind'] => (RECEIPT_KINDS as readonly string[]).includes(kind);

/** One receipt of the member's own SIMs (an old SIM's after a change of SIM too: the ledger moved with the number). */
export async function receiptOf(
  { db }: ServiceContext,
  memberId: number,
  id: number,
): Promise<Outcome<Receipt, 'noReceipt'>> {
  const [row] = await db
    .select({ l: ledger, msisdn: sims.msisdn })
    .from(ledger)
    .innerJoin(sims, eq(sims.ssn, ledger.ssn))
    .where(and(eq(ledger.id, id), eq(sims.memberId, memberId)));
  const kind = row?.l.kind ?? '';
  if (!row || !isReceiptKind(kind)) return refused('noReceipt');
  const { l } = row;
  // A top-up brings credit in (credit_delta positive, paid by card); a purchase spends credit (negative) and the card pays the rest.
  // An advance is credit lent (its receipt says how much; the fee is in its description) and a repayment credit paid back: no VAT.
  const loan = LOAN_KINDS.includes(kind);
  const creditPaid = loan ? Math.abs(l.creditDeltaCents) : l.creditDeltaCents < 0 ? -l.creditDeltaCents : 0;
  const total = creditPaid + l.cardCents;
  const vat = loan ? 0 : vatOf(total);
  return done({
    id: l.id,
    date: l.occurredAt.toISOString(),
    description: l.description,
    kind,
    total_cents: total,
    vat_cents: vat,
    net_cents: total - vat,
    vat_rate_percent: loan ? 0 : VAT_RATE_PERCENT,
    credit_cents: creditPaid,
    card_cents: l.cardCents,
    card: l.cardBrand && l.cardLast4 ? { brand: l.cardBrand, last4: l.cardLast4 } : null,
    msisdn: row.msisdn,
  });
}
