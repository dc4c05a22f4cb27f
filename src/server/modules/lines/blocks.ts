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

/**
 * What else holds a line suspended at the network besides a lost-SIM block (a household's pause of
 * all service): each hold answers in the caller's transaction. Its module adds it when it loads, so
 * unblocking a SIM never makes a line active that another domain keeps suspended.
 */
type SuspensionHold = (tx: Queryable, ssn: string) => Promise<boolean>;
const holds: SuspensionHold[] = [];
export const suspensionHolds = { add: (hold: SuspensionHold) => void holds.push(hold) };

export async function heldSuspended(tx: Queryable, ssn: string): Promise<boolean> {
  for (const hold of holds) if (await hold(tx, ssn)) return true;
  return false;
}

/** What the network holds for a line now, as an order of another domain (a pause) changed it: kept with the SIM. */
export async function lineStateAtNetwork(tx: Queryable, ssn: string, state: 'active' | 'suspended') {
  await tx
    .update(sims)
    .set({ lineState: state })
    .where(and(eq(sims.ssn, ssn), isNotNull(sims.lineState)));
}

/** A SIM blocked here (lost or stolen, or by the fraud team) from `at`, or unblocked with null: the SIM's row as it is after. */
export async function setSimBlocked(tx: Queryable, ssn: string, at: Date | null) {
  const [row] = await tx.update(sims).set({ blockedAt: at }).where(eq(sims.ssn, ssn)).returning();
  return row;
}
