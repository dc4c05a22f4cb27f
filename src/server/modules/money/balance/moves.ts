import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { balances, checkouts, goodyBags, ledger, memberships, storedCards } from '../../../db/schema.ts';
import { currentMembershipAt } from '../memberships/memberships.ts';
import type { RatedUse } from '../usage/rating.ts';

/**
 * What other modules may change of money's tables, and only this way: a movement on the ledger, data
 * moved into or out of a membership, an allowance drawn on abroad, a goody bag given, a new SIM's
 * balance. Money owns the rows and their constraints (one ledger row per cause, no allowance used
 * past its size); the modules that move data (flexible data, community, roaming, lines) say what
 * moved and why, in their own transaction.
 */

/** One movement of money or allowance, as the member's transactions list it: one row per cause (its reference). */
export interface Move {
  ssn: string;
  at: Date;
  /** The ledger's kind: flexi, offer, reward… */
  kind: string;
  description: string;
  reference: string;
  creditDeltaCents?: number;
  dataDeltaKb?: number;
}

/** Writes a movement on the ledger: a second write of the same cause fails on the ledger's unique reference. */
export async function recordMove(tx: Queryable, move: Move): Promise<void> {
  await tx.insert(ledger).values({
    ssn: move.ssn,
    occurredAt: move.at,
    kind: move.kind,
    description: move.description,
    reference: move.reference,
    creditDeltaCents: move.creditDeltaCents ?? 0,
    dataDeltaKb: move.dataDeltaKb ?? 0,
  });
}

/** The figures of a membership that flexible data moves: each a relative change, so two changes in one transaction both hold. */
export interface MembershipChange {
  /** Data given to the membership (Share, Spot me's return, The Safe unlocked). */
  dataInKb?: number;
  /** Data taken out of it (Carryover, Donate, The Safe, Share, Spot me). */
  dataOutKb?: number;
  /** Data kept for the next membership (Carryover). */
  carryForwardKb?: number;
  /** Landline minutes added (Swap). */
  landlineMinutesMax?: number;
}

/** Changes a membership's data or minutes by the amounts given; the table's checks refuse a use past the allowance. */
export async function changeMembership(tx: Queryable, membershipId: number, change: MembershipChange): Promise<void> {
  const set: Partial<Record<keyof MembershipChange, ReturnType<typeof sql>>> = {};
  for (const key of ['dataInKb', 'dataOutKb', 'carryForwardKb', 'landlineMinutesMax'] as const) {
    const by = change[key];
    if (by) set[key] = sql`${memberships[key]} + ${by}`;
  }
  if (Object.keys(set).length === 0) return;
  await tx.update(memberships).set(set).where(eq(memberships.id, membershipId));
}

/** Sets how much of a membership's EU roaming data is used (roaming counts it by its rules; money keeps the row). */
export async function setRoamingDataUsed(tx: Queryable, membershipId: number, usedKb: number): Promise<void> {
  await tx.update(memberships).set({ roamingUsedKb: usedKb }).where(eq(memberships.id, membershipId));
}

/**
 * Draws a use's units (minutes or texts) on the current membership's allowance, locking its row, and
 * answers the units it could not cover (what credit pays). A use with nothing to draw on answers all
 * of its units.
 */
export async function drawAllowance(
  q: Queryable,
  ssn: string,
  now: Date,
  rated: RatedUse | undefined,
): Promise<number> {
  if (!rated || rated.units <= 0) return 0;
  const column =
    rated.allowance === 'mobileMinutes'
      ? { max: memberships.mobileMinutesMax, used: memberships.mobileMinutesUsed, key: 'mobileMinutesUsed' as const }
      : rated.allowance === 'landlineMinutes'
        ? {
            max: memberships.landlineMinutesMax,
            used: memberships.landlineMinutesUsed,
            key: 'landlineMinutesUsed' as const,
          }
        : rated.allowance === 'texts'
          ? { max: memberships.textsMax, used: memberships.textsUsed, key: 'textsUsed' as const }
          : null;
  if (!column) return rated.units;
  const [m] = await q
    .select({ id: memberships.id, max: column.max, used: column.used })
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .for('update');
  if (!m) return rated.units;
  const taken = m.max === null ? rated.units : Math.min(rated.units, Math.max(0, m.max - m.used));
  await q
    .update(memberships)
    .set({ [column.key]: m.used + taken })
    .where(eq(memberships.id, m.id));
  return rated.units - taken;
}

/** A goody bag of data on a SIM (a free SIM's onboard bundle, an offer's bag) until it expires. */
export async function giveGoodyBag(
  tx: Queryable,
  bag: { ssn: string; sku: string; kb: number; expiresAt: Date },
): Promise<void> {
  await tx
    .insert(goodyBags)
    .values({ ssn: bag.ssn, productSku: bag.sku, maxOnboardKb: bag.kb, onboardKb: bag.kb, expiresAt: bag.expiresAt });
}

/** A new SIM's balance: no credit yet. */
export async function openBalance(tx: Queryable, ssn: string, now: Date): Promise<void> {
  await tx.insert(balances).values({ ssn, creditCents: 0, updatedAt: now });
}

/**
 * A deleted account's money (in the deletion's transaction): stored cards go, gift checkouts forget
 * the buyer's address, and nothing renews or charges. The ledger stays: amounts are records we keep.
 */
export async function forgetMoneyOf(tx: Queryable, memberId: number, ssns: string[]): Promise<void> {
  await tx.delete(storedCards).where(eq(storedCards.memberId, memberId));
  await tx.update(checkouts).set({ buyerEmail: null }).where(eq(checkouts.memberId, memberId));
  if (ssns.length > 0)
    await tx.update(memberships).set({ recurrenceEnabled: false }).where(inArray(memberships.ssn, ssns));
}
