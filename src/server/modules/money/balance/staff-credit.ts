import { eq } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { ledger } from '../../../db/schema.ts';
import { changeCredit } from './credit.ts';

/** The ledger's kinds of what a person of 48 put right (docs/product/staff.md "Acting"). */
export const STAFF_LEDGER_KINDS = { goodwill: 'goodwill', reversal: 'charge-reversed' } as const;

/**
 * Credit a person of 48 gives a line (goodwill, or a charge reversed): the credit and its one ledger
 * row (cause `staff:<action id>`, unique) in the caller's transaction. Answers the credit after it.
 */
export async function creditFromStaff(
  tx: Queryable,
  now: Date,
  move: { ssn: string; cents: number; reference: string; kind: keyof typeof STAFF_LEDGER_KINDS; description: string },
): Promise<number> {
  const credit = await changeCredit(tx, move.ssn, move.cents, now);
  await tx.insert(ledger).values({
    ssn: move.ssn,
    occurredAt: now,
    kind: STAFF_LEDGER_KINDS[move.kind],
    description: move.description,
    creditDeltaCents: move.cents,
    reference: move.reference,
  });
  return credit;
}

/** One ledger row by id (what a reversal names). */
export const ledgerRow = async (q: Queryable, id: number) =>
  (await q.select().from(ledger).where(eq(ledger.id, id)))[0];
