import { and, eq, isNotNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { sims } from '../../db/schema.ts';

/**
 * A SIM reported lost or stolen (docs/product/member-controls.md) buys nothing, moves no data and orders no
 * recruit SIMs until it is unblocked. Read FOR SHARE inside the caller's transaction: a block
 * reported at the same moment waits for the move, or the move waits for the block and sees it.
 */
export async function simIsBlocked(tx: Queryable, ssn: string): Promise<boolean> {
  const [row] = await tx.select({ blockedAt: sims.blockedAt }).from(sims).where(eq(sims.ssn, ssn)).for('share');
  return Boolean(row?.blockedAt);
}

/** Whether any SIM of the member is blocked (recruit orders are the member's, not one SIM's). */
export async function memberHasBlockedSim(tx: Queryable, memberId: number): Promise<boolean> {
  const rows = await tx
    .select({ ssn: sims.ssn })
    .from(sims)
    .where(and(eq(sims.memberId, memberId), isNotNull(sims.blockedAt)))
    .for('share');
  return rows.length > 0;
}
