import { and, eq, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { members, segments, webauthnChallenges } from '../../db/schema.ts';

/**
 * What other modules may change of identity's tables, and only this way: who referred a member and
 * the member's own affiliate id (community's recruit-and-reward), the segments a member is in (a
 * port-in under way), and passkey challenges past their time (privacy's retention).
 */

/** Who referred the member (an affiliate id), kept only when none is kept yet: the first referral stands. */
export async function setReferredBy(tx: Queryable, memberId: number, affiliateId: string | null): Promise<void> {
  await tx
    .update(members)
    .set({ referredBy: affiliateId })
    .where(and(eq(members.id, memberId), isNull(members.referredBy)));
}

/** Gives the member an affiliate id when they have none; answers it, or null when another was given first. */
export async function giveAffiliateId(q: Queryable, memberId: number, affiliateId: string): Promise<string | null> {
  const [set] = await q
    .update(members)
    .set({ affiliateId })
    .where(and(eq(members.id, memberId), isNull(members.affiliateId)))
    .returning({ id: members.affiliateId });
  return set?.id ?? null;
}

/** Puts the member in a segment (once). */
export async function addSegment(tx: Queryable, memberId: number, segmentType: string): Promise<void> {
  await tx.insert(segments).values({ memberId, segmentType }).onConflictDoNothing();
}

/** Takes the member out of a segment. */
export async function removeSegment(tx: Queryable, memberId: number, segmentType: string): Promise<void> {
  await tx.delete(segments).where(and(eq(segments.memberId, memberId), eq(segments.segmentType, segmentType)));
}

/** Passkey challenges past their time, gone (the retention job): answers how many. */
export async function forgetExpiredChallenges(q: Queryable, now: Date): Promise<number> {
  const gone = await q
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, now))
    .returning({ id: webauthnChallenges.id });
  return gone.length;
}

/** The member's monthly spend limit on card payments (cents; null for none): Settings → Security's. */
export async function setSpendLimitCents(q: Queryable, memberId: number, limitCents: number | null): Promise<void> {
  await q.update(members).set({ spendLimitCents: limitCents }).where(eq(members.id, memberId));
}

/** The member's number lock (controls' rule): on since `lockedAt` (null: off), going off at `endsAt` (null: staying on). */
export async function recordNumberLock(
  tx: Queryable,
  memberId: number,
  lock: { lockedAt?: Date | null; endsAt: Date | null },
): Promise<void> {
  await tx
    .update(members)
    .set({ ...(lock.lockedAt === undefined ? {} : { numberLockedAt: lock.lockedAt }), numberLockEndsAt: lock.endsAt })
    .where(eq(members.id, memberId));
}

/** Number locks asked off whose time has come, off: the members whose lock went, to be told. */
export async function endNumberLocksDue(tx: Queryable, now: Date) {
  return tx
    .update(members)
    .set({ numberLockedAt: null, numberLockEndsAt: null })
    .where(and(isNotNull(members.numberLockEndsAt), lte(members.numberLockEndsAt, now)))
    .returning({ id: members.id, email: members.email, firstname: members.firstname, language: members.language });
}

/** A new e-mail address, proved by its link (controls' change of address): the member's address, verified. */
export async function setProvedEmail(tx: Queryable, memberId: number, email: string): Promise<void> {
  await tx.update(members).set({ email, isVerified: true }).where(eq(members.id, memberId));
}
