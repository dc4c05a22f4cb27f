import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { balances } from '../../../db/schema.ts';
import { orderNoAllowanceBar, orderPaidUseBar } from '../../network/index.ts';

/**
 * The one writer of a SIM's credit: adds `deltaCents` (negative takes) as a relative update and
 * answers the credit after it. Never a value read earlier written back: two writers in one
 * transaction (a purchase settled and the recruit reward its membership paid, a top-up and the
 * advance it repays) each keep their change. The schema's check keeps credit from going below zero.
 */
export async function changeCredit(
  tx: Queryable,
  ssn: string,
  deltaCents: number,
  now: Date,
  /** The SIM's number left for another network (credit back): nothing at the network to start again. */
  { numberGone = false }: { numberGone?: boolean } = {},
): Promise<number> {
  const [row] = await tx
    .update(balances)
    .set({ creditCents: sql`${balances.creditCents} + ${deltaCents}`, updatedAt: now })
    .where(eq(balances.ssn, ssn))
    .returning({ credit: balances.creditCents });
  if (!row) throw new Error(`SIM ${ssn} has no balance row to change`);
  // Credit again: data, calls and texts stopped for want of allowance and credit start on the network.
  if (deltaCents > 0 && !numberGone) {
    await orderNoAllowanceBar(tx, () => now, ssn, false);
    await orderPaidUseBar(tx, () => now, ssn, false);
  }
  return row.credit;
}
