import { and, count, eq, gt, gte, inArray, ne, or } from 'drizzle-orm';
import {
  ADVANCE_CENTS,
  ADVANCE_CREDIT_BELOW_CENTS,
  ADVANCE_FEE_CENTS,
  ADVANCE_OWED_CENTS,
  ADVANCE_PAYMENTS_DAYS,
  ADVANCE_PAYMENTS_MIN,
  ADVANCE_SIM_MIN_DAYS,
  advanceMessages,
  type AdvanceRefusal,
} from '../../../../contract/advance.calls.ts';
import { euro } from '../../../../contract/format.ts';
import type { Queryable } from '../../../db/client.ts';
import { advances, balances, ledger, sims } from '../../../db/schema.ts';
import { changeCredit } from '../balance/credit.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';

const DAY_MS = 86_400_000;
/** What the member paid for themselves (top-ups, purchases, add-ons, renewals): the ledger's kinds. */
const PAID_KINDS = ['top-up', 'purchase', 'add-on', 'renewal'];

/** What is owed from the SIM's outstanding advance (0: none). */
export async function owedOn(q: Queryable, ssn: string): Promise<number> {
  const [row] = await q
    .select({ owed: advances.owedCents })
    .from(advances)
    .where(and(eq(advances.ssn, ssn), gt(advances.owedCents, 0)));
  return row?.owed ?? 0;
}

/**
 * docs/product/lifelines.md "Who may": the first condition not met, or null (the spec's order, but an advance to
 * repay comes before the credit check). Reads the SIM,
 * its credit, its outstanding advance and its paid top-ups and purchases of the last 90 days.
 */
export async function advanceRefusal(q: Queryable, ssn: string, now: Date): Promise<AdvanceRefusal | null> {
  const [sim] = await q
    .select({ status: sims.status, blockedAt: sims.blockedAt, createdAt: sims.createdAt, credit: balances.creditCents })
    .from(sims)
    .leftJoin(balances, eq(balances.ssn, sims.ssn))
    .where(eq(sims.ssn, ssn));
  if (!sim || sim.status !== 'active') return 'simInactive';
  if (sim.blockedAt) return 'simBlocked';
  if (now.getTime() - sim.createdAt.getTime() < ADVANCE_SIM_MIN_DAYS * DAY_MS) return 'simTooNew';
  const [paid] = await q
    .select({ n: count() })
    .from(ledger)
    .where(
      and(
        eq(ledger.ssn, ssn),
        inArray(ledger.kind, PAID_KINDS),
        gte(ledger.occurredAt, new Date(now.getTime() - ADVANCE_PAYMENTS_DAYS * DAY_MS)),
        or(gt(ledger.cardCents, 0), ne(ledger.creditDeltaCents, 0)),
      ),
    );
  if ((paid?.n ?? 0) < ADVANCE_PAYMENTS_MIN) return 'fewPayments';
  // An advance to repay is said before the credit it brought (which is €2.00 or more just after).
  if ((await owedOn(q, ssn)) > 0) return 'outstanding';
  if ((sim.credit ?? 0) >= ADVANCE_CREDIT_BELOW_CENTS) return 'enoughCredit';
  return null;
}

/**
 * Takes the advance in the caller's transaction, with the SIM's credit row locked: the rules again
 * on what is locked, then the advance row (the partial unique index refuses a second outstanding
 * one, whatever races), the credit and its one ledger row, which names the fee.
 */
export async function takeAdvance(
  tx: Queryable,
  ssn: string,
  now: Date,
): Promise<Outcome<{ credit_cents: number; owed_cents: number }, AdvanceRefusal>> {
  await tx.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn)).for('update');
  const refusal = await advanceRefusal(tx, ssn, now);
  if (refusal) return refused(refusal);
  const [row] = await tx
    .insert(advances)
    .values({
      ssn,
      amountCents: ADVANCE_CENTS,
      feeCents: ADVANCE_FEE_CENTS,
      owedCents: ADVANCE_OWED_CENTS,
      takenAt: now,
    })
    .onConflictDoNothing()
    .returning({ id: advances.id });
  if (!row) return refused('outstanding');
  const credit = await changeCredit(tx, ssn, ADVANCE_CENTS, now);
  await tx.insert(ledger).values({
    ssn,
    occurredAt: now,
    kind: 'advance',
    description: `Top-up advance (fee ${euro(ADVANCE_FEE_CENTS)}; ${euro(ADVANCE_OWED_CENTS)} to repay)`,
    creditDeltaCents: ADVANCE_CENTS,
    reference: `advance:${row.id}`,
  });
  return done({ credit_cents: credit, owed_cents: ADVANCE_OWED_CENTS });
}

/**
 * Credit just came in (a top-up, a gift, a recruit reward): what is owed from an advance is repaid
 * from it first, in the same transaction, as one ledger row for this cause; a smaller credit repays
 * part. Credit never goes below zero: at most the credit there is. The caller holds the SIM's
 * credit row locked. Returns what was repaid.
 */
export async function repayAdvance(tx: Queryable, ssn: string, now: Date, cause: string): Promise<number> {
  const [advance] = await tx
    .select()
    .from(advances)
    .where(and(eq(advances.ssn, ssn), gt(advances.owedCents, 0)))
    .for('update');
  if (!advance) return 0;
  const [balance] = await tx.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  const repaid = Math.min(advance.owedCents, balance?.credit ?? 0);
  if (repaid <= 0) return 0;
  const owed = advance.owedCents - repaid;
  await changeCredit(tx, ssn, -repaid, now);
  await tx
    .update(advances)
    .set({ owedCents: owed, repaidAt: owed === 0 ? now : null })
    .where(eq(advances.id, advance.id));
  await tx.insert(ledger).values({
    ssn,
    occurredAt: now,
    kind: 'advance-repayment',
    description: owed === 0 ? advanceMessages.repaid : `${advanceMessages.repaid} in part (${euro(owed)} still owed)`,
    creditDeltaCents: -repaid,
    reference: `advance:${advance.id}:repaid:${cause}`,
  });
  return repaid;
}
