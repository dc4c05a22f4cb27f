import { and, count, desc, eq, ne, or } from 'drizzle-orm';
import { ledger, sims } from '../../db/schema.ts';
import type { ServiceContext } from '../../services/outcome.ts';

/** Movements of the member's SIMs: money by credit or card, and data moved with the flexible-data features; newest first, one page. */
export async function transactionsPage({ db }: ServiceContext, memberId: number, page: number, limit: number) {
  const mine = and(eq(sims.memberId, memberId), or(ne(ledger.creditDeltaCents, 0), ne(ledger.cardCents, 0), eq(ledger.kind, 'flexi')));
  const [total] = await db.select({ n: count() }).from(ledger).innerJoin(sims, eq(sims.ssn, ledger.ssn)).where(mine);
  const rows = await db
    .select({ id: ledger.id, date: ledger.occurredAt, description: ledger.description, amount: ledger.creditDeltaCents, card_amount: ledger.cardCents, data_kb: ledger.dataDeltaKb })
    .from(ledger)
    .innerJoin(sims, eq(sims.ssn, ledger.ssn))
    .where(mine)
    .orderBy(desc(ledger.occurredAt), desc(ledger.id))
    .limit(limit)
    .offset((page - 1) * limit);
  return { total: total?.n ?? 0, values: rows.map((r) => ({ ...r, date: r.date.toISOString() })) };
}
