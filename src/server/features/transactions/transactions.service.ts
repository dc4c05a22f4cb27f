import { and, count, desc, eq, inArray, lt, lte, ne, or } from 'drizzle-orm';
import { nextCursor, type PageCursor } from '../../../contract/page-cursor.ts';
import { ledger, sims } from '../../db/schema.ts';
import {
  LOAN_KINDS,
  PAID_BY_HOUSEHOLD,
  RECEIPT_KINDS,
  vatOf,
  VAT_RATE_PERCENT,
  type Receipt,
} from '../../../contract/transactions.schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';

/**
 * Movements of the member's SIMs: money by credit or card, and data moved with the flexible-data
 * features; newest first, one page. After `before` (where an earlier page ended) the page is read
 * from there through the ledger's (ssn, time, id) index, however far back; without it, `page`
 * counts from the newest (each page further costs the rows skipped).
 */
export async function transactionsPage(
  { db }: ServiceContext,
  memberId: number,
  at: { page: number; before?: PageCursor },
  limit: number,
) {
  const mine = and(
    eq(sims.memberId, memberId),
    or(ne(ledger.creditDeltaCents, 0), ne(ledger.cardCents, 0), inArray(ledger.kind, ['flexi', PAID_BY_HOUSEHOLD])),
  );
  const { before } = at;
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
    .where(
      before
        ? and(mine, lte(ledger.occurredAt, before.at), or(lt(ledger.occurredAt, before.at), lt(ledger.id, before.id)))
        : mine,
    )
    .orderBy(desc(ledger.occurredAt), desc(ledger.id))
    .limit(limit)
    .offset(before ? 0 : (at.page - 1) * limit);
  return {
    total: total?.n ?? 0,
    next: nextCursor(
      rows.map((r) => ({ at: r.date, id: r.id })),
      limit,
    ),
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
  // A household line's side: what the owner paid (their row of the same cause), never how or with which card.
  const byOwner = kind === PAID_BY_HOUSEHOLD ? await ownerPaid(db, l.reference) : null;
  const creditPaid = byOwner !== null ? 0 : loan ? Math.abs(l.creditDeltaCents) : Math.max(0, -l.creditDeltaCents);
  const cardPaid = byOwner !== null ? 0 : l.cardCents;
  const total = byOwner ?? creditPaid + cardPaid;
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
    card_cents: cardPaid,
    card: byOwner === null && l.cardBrand && l.cardLast4 ? { brand: l.cardBrand, last4: l.cardLast4 } : null,
    msisdn: row.msisdn,
  });
}

/** What a household owner paid for a line's purchase: the owner's row has the cause's reference, the line's `<it>:line`. */
async function ownerPaid(db: ServiceContext['db'], reference: string | null): Promise<number> {
  const [paid] = await db
    .select({ credit: ledger.creditDeltaCents, card: ledger.cardCents })
    .from(ledger)
    .where(eq(ledger.reference, (reference ?? '').replace(/:line$/, '')));
  return paid ? -paid.credit + paid.card : 0;
}
