import { desc, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { members, simStock, sims } from '../../db/schema.ts';
import { done, refused, type Outcome } from '../../kernel/outcome.ts';

/**
 * Takes a SIM card out of stock, inside the caller's transaction: the stock row is deleted with
 * RETURNING, so one card cannot be taken twice. A card not in stock is either active already
 * (it is in sims) or unknown.
 */
export async function takeCardFromStock(
  tx: Queryable,
  ssn: string,
): Promise<Outcome<typeof simStock.$inferSelect, 'simNotFound' | 'simAlreadyActive'>> {
  const [card] = await tx.delete(simStock).where(eq(simStock.ssn, ssn)).returning();
  if (card) return done(card);
  const [existing] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.ssn, ssn));
  return refused(existing ? 'simAlreadyActive' : 'simNotFound');
}

/** Locks the member's row for the rest of the transaction, so two changes of one member's SIMs run one after the other. */
export async function lockMember(tx: Queryable, memberId: number): Promise<void> {
  await tx.execute(sql`select id from ${members} where ${members.id} = ${memberId} for update`);
}

/** Sets a card aside for an order (the highest-numbered free card): its activation will be the order's (a recruit's friend's). */
export async function setCardAside(tx: Queryable, orderId: number): Promise<string | null> {
  const [free] = await tx
    .select({ ssn: simStock.ssn })
    .from(simStock)
    .where(isNull(simStock.orderId))
    .orderBy(desc(simStock.ssn))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!free) return null;
  await tx.update(simStock).set({ orderId }).where(eq(simStock.ssn, free.ssn));
  return free.ssn;
}
