import { and, count, desc, eq, gte, inArray, lt, lte, ne, or } from 'drizzle-orm';
import { nextCursor, type PageCursor } from '../../../../contract/page-cursor.ts';
import { ledger, sims } from '../../../db/schema.ts';
import { LOAN_KINDS, vatOf, VAT_RATE_PERCENT, type Receipt } from '../../../../contract/transactions.schema.ts';
import { PAID_BY_HOUSEHOLD, RECEIPT_KINDS } from '../../../../contract/transactions.ts';
import { USAGE_KIND } from '../usage/charges.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';

/** A ledger row the member sees: money by credit or card, or data moved (flexible data, a line's purchase paid by its owner). */
export const moves = or(
  ne(ledger.creditDeltaCents, 0),
  ne(ledger.cardCents, 0),
  inArray(ledger.kind, ['flexi', PAID_BY_HOUSEHOLD]),
);

/**
 * Movements of the member's SIMs: money by credit or card, and data moved with the flexible-data
 * features; newest first, one page. After `before` (where an earlier page ended) the page is read
 * from there, however far back; without it, `page` counts from the newest (each page further
 * costs the rows skipped). Each SIM's rows are read in the order of the ledger's (ssn, time, id)
 * index and stop at the page's end; the SIMs' pages are merged here (a member has one SIM, or a
 * few): joined to `sims` in one statement, PostgreSQL read and sorted every row of the member's.
 */
export async function transactionsPage(
  { db }: ServiceContext,
  memberId: number,
  at: { page: number; before?: PageCursor | undefined; from?: Date | undefined; to?: Date | undefined },
  limit: number,
) {
  const { before } = at;
  const within = and(at.from && gte(ledger.occurredAt, at.from), at.to && lt(ledger.occurredAt, at.to));
  const mine = await db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, memberId));
  if (mine.length === 0) return { total: 0, next: null, values: [] };
  const ssns = mine.map((s) => s.ssn);
  const [total] = await db
    .select({ n: count() })
    .from(ledger)
    .where(and(inArray(ledger.ssn, ssns), moves, within));
  // Rows to skip without `before`: in the database for a single SIM (nothing skipped crosses the
  // connection); with several, each SIM gives every row up to the page and the merge skips.
  const skip = before ? 0 : (at.page - 1) * limit;
  const single = ssns.length === 1;
  const perSim = await Promise.all(
    ssns.map((ssn) =>
      db
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
        .where(
          and(
            eq(ledger.ssn, ssn),
            moves,
            within,
            before && lte(ledger.occurredAt, before.at),
            before && or(lt(ledger.occurredAt, before.at), lt(ledger.id, before.id)),
          ),
        )
        .orderBy(desc(ledger.occurredAt), desc(ledger.id))
        .limit(single ? limit : skip + limit)
        .offset(single ? skip : 0),
    ),
  );
  const rows = perSim
    .flat()
    .sort((a, b) => b.date.getTime() - a.date.getTime() || b.id - a.id)
    .slice(single ? 0 : skip)
    .slice(0, limit);
  return {
    total: total?.n ?? 0,
    next: nextCursor(
      rows.map((r) => ({ at: r.date, id: r.id })),
      limit,
    ),
    values: rows.map(({ kind, ...r }) => ({
      ...r,
      date: r.date.toISOString(),
      receipt: isReceiptKind(kind),
      usage: kind === USAGE_KIND,
    })),
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
