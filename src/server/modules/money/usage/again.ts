import { eq } from 'drizzle-orm';
import { euro } from '../../../../contract/format.ts';
import type { UseKind } from '../../../../contract/usage.ts';
import type { Queryable } from '../../../db/client.ts';
import { balances, countedUses, ledger, unchargedUsage } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';
import { sendAlertPushes } from '../../alerts/index.ts';
import type { FollowUp } from '../../network/index.ts';
import { repayAdvance } from '../advance/advance.ts';
import { changeCredit } from '../balance/credit.ts';
import { USAGE_KIND, usageReference } from './charges.ts';
import { settleCharges } from './settle.ts';

/**
 * One use, one count (docs/product/money.md "Use paid from credit"): the network's usage id is
 * counted once, on one line, whatever event brings it. A hub that resends with a new event id, or a
 * use rated again later (TMF635 `rerated`), reaches the line's allowances no more; where the network
 * rated it anew, and its rating is trusted, the difference in price is one ledger row of its own
 * (`usage:<id>:rerated:<event>`): credit taken past the first price (what credit cannot pay is kept
 * uncharged, as a first charge's is), or given back down to it. The same id on another line is the
 * network's fault, never a free use: a dead letter.
 */

/** A use reported again: its id, the line it came for, the event that brought it, the network's price now (none: not rated). */
export interface ReportedAgain {
  usageId: string;
  ssn: string;
  eventId: string;
  cents: number | null;
  description: string;
  /** What it was, kept on a correction's ledger row (spend by kind). */
  useKind: UseKind;
  at: Date;
}

/** What came of it, as the listener answers a use (network's `Counted`): with the push of a low-credit alert a charge raised. */
export interface AgainOutcome {
  outcome: 'duplicate' | 'deadLetter' | 'applied';
  note?: string;
  followUp?: FollowUp;
}

/** The push of the alert a correction raised goes now, after the transaction (the job's would be a minute late). */
const pushing = (alerted: number[]): Pick<AgainOutcome, 'followUp'> =>
  alerted.length > 0
    ? {
        followUp: ({ db, clock, push, pushOrigins }) =>
          sendAlertPushes({ db, clock }, push, pushOrigins, alerted).then(() => undefined),
      }
    : {};

const rerated = (usageId: string, eventId: string) => `${usageReference(usageId)}:rerated:${eventId}`.slice(0, 500);

/**
 * Claims a usage id for a line in the caller's transaction (the abroad path; the hot path at home
 * claims in its statement): true when this event is the first to bring it.
 */
export async function claimUse(
  tx: Queryable,
  use: { usageId: string; ssn: string; eventId: string },
  now: Date,
): Promise<boolean> {
  const [claimed] = await tx
    .insert(countedUses)
    .values({ usageId: use.usageId, ssn: use.ssn, eventId: use.eventId, countedAt: now })
    .onConflictDoNothing()
    .returning({ usageId: countedUses.usageId });
  return Boolean(claimed);
}

/** A use whose id was counted before, in the caller's transaction: nothing drawn; a dead letter, or its price corrected once. */
export async function reportedAgain(tx: Queryable, clock: Clock, use: ReportedAgain): Promise<AgainOutcome> {
  const [counted] = await tx.select().from(countedUses).where(eq(countedUses.usageId, use.usageId)).for('update');
  const id = use.usageId.slice(0, 200);
  if (!counted) return { outcome: 'duplicate', note: `usage ${id} was counted before` };
  if (counted.ssn !== use.ssn) return { outcome: 'deadLetter', note: `usage ${id} was counted on another line` };
  if (use.cents === null) return { outcome: 'duplicate', note: `usage ${id} was counted before` };
  const first = usageReference(use.usageId);
  const [charged] = await tx.select({ delta: ledger.creditDeltaCents }).from(ledger).where(eq(ledger.reference, first));
  const [unpaid] = await tx
    .select({ cents: unchargedUsage.cents })
    .from(unchargedUsage)
    .where(eq(unchargedUsage.reference, first));
  const firstTaken = -(charged?.delta ?? 0);
  const price = counted.priceCents ?? firstTaken + (unpaid?.cents ?? 0);
  const taken = counted.takenCents ?? firstTaken;
  if (use.cents === price) return { outcome: 'duplicate', note: `usage ${id} was counted before at the same price` };
  const now = clock();
  const reference = rerated(use.usageId, use.eventId);
  let move = 0;
  let uncharged = 0;
  const [balance] = await tx
    .select({ credit: balances.creditCents })
    .from(balances)
    .where(eq(balances.ssn, use.ssn))
    .for('update');
  const credit = balance?.credit ?? 0;
  if (use.cents > price) {
    const more = use.cents - price;
    move = -Math.min(more, credit);
    uncharged = more + move;
  } else move = Math.max(0, taken - use.cents);
  await tx
    .update(countedUses)
    .set({ priceCents: use.cents, takenCents: taken - move })
    .where(eq(countedUses.usageId, use.usageId));
  if (move !== 0) {
    await tx.insert(ledger).values({
      ssn: use.ssn,
      occurredAt: now,
      kind: USAGE_KIND,
      useKind: use.useKind,
      description: `${use.description}: price corrected by the network (${euro(price)} → ${euro(use.cents)})`,
      creditDeltaCents: move,
      reference,
    });
    await changeCredit(tx, use.ssn, move, now);
    if (move > 0) await repayAdvance(tx, use.ssn, now, reference);
  }
  if (uncharged > 0)
    await tx
      .insert(unchargedUsage)
      .values({
        reference,
        ssn: use.ssn,
        occurredAt: use.at,
        description: use.description,
        cents: uncharged,
        recordedAt: now,
      })
      .onConflictDoNothing();
  const alerted =
    move < 0 || uncharged > 0
      ? await settleCharges(tx, clock, [
          { ssn: use.ssn, creditBefore: credit, creditAfter: credit + move, short: uncharged > 0, dataDue: false },
        ])
      : [];
  return {
    outcome: 'applied',
    note: `usage ${id} rated again: ${euro(price)} → ${euro(use.cents)}`,
    ...pushing(alerted),
  };
}

/** A use reported again at home, in a transaction of its own (the hot statement drew nothing for it). */
export function useReported({ db, clock }: ServiceContext, use: ReportedAgain): Promise<AgainOutcome> {
  return db.transaction((tx) => reportedAgain(tx, clock, use));
}
