import { changeCredit, recordMove, repayAdvance } from '../money/index.ts';
import { randomBytes } from 'node:crypto';
import { and, count, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import { RECRUIT_REWARD_CENTS } from '../../../contract/recruit.schema.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { balances, members, memberships, recruits, sims } from '../../db/schema.ts';
import { giveAffiliateId, setReferredBy } from '../identity/index.ts';

/**
 * Recruit and reward rules more than one feature needs: the member's affiliate id, the friend
 * found at activation, and the recruiter's reward when the friend's first membership is bought.
 */

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
const newAffiliateId = () => Array.from(randomBytes(10), (b) => ALPHABET[b % ALPHABET.length]).join('');

/** The member's affiliate id, given on first use (random, unique; a clash is drawn again). */
export async function affiliateIdOf(db: Queryable, memberId: number): Promise<string> {
  for (;;) {
    const [row] = await db.select({ id: members.affiliateId }).from(members).where(eq(members.id, memberId));
    if (row?.id) return row.id;
    try {
      const set = await giveAffiliateId(db, memberId, newAffiliateId());
      if (set) return set;
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
}

/** The member an affiliate id belongs to. */
export async function recruiterOf(db: Queryable, affiliateId: string) {
  const [row] = await db
    .select({ id: members.id, nickname: members.nickname })
    .from(members)
    .where(eq(members.affiliateId, affiliateId));
  return row;
}

/**
 * A SIM was activated by `memberId` (inside the activation's transaction). A card sent with a
 * recruit order makes its activator the recruiter's friend (unless they are the recruiter, or
 * someone's friend already); a friend known from a mates-rates order is now active.
 */
export async function recruitActivated(
  tx: Queryable,
  memberId: number,
  orderId: number | null,
  now: Date,
): Promise<void> {
  const [already] = await tx.select({ id: recruits.id }).from(recruits).where(eq(recruits.friendMemberId, memberId));
  if (orderId !== null && !already) {
    const [sent] = await tx
      .select()
      .from(recruits)
      .where(and(eq(recruits.orderId, orderId), isNull(recruits.friendMemberId)))
      .for('update');
    if (sent && sent.recruiterMemberId !== memberId) {
      await tx.update(recruits).set({ friendMemberId: memberId, activatedAt: now }).where(eq(recruits.id, sent.id));
      const [recruiter] = await tx
        .select({ affiliateId: members.affiliateId })
        .from(members)
        .where(eq(members.id, sent.recruiterMemberId));
      await setReferredBy(tx, memberId, recruiter?.affiliateId ?? null);
      return;
    }
  }
  await tx
    .update(recruits)
    .set({ activatedAt: now })
    .where(and(eq(recruits.friendMemberId, memberId), isNull(recruits.activatedAt)));
}

/**
 * The friend behind `ssn` bought a membership (inside that purchase's transaction): if it is the
 * friend's first, their SIM is active and the recruiter has an active SIM (spec section 6), the
 * recruiter's SIM gets the reward, once: the recruit row is locked and marked, and the ledger's
 * cause recruit:<id> is unique.
 */
export async function rewardRecruiter(tx: Queryable, ssn: string, now: Date): Promise<void> {
  const [sim] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (!sim) return;
  const [recruit] = await tx
    .select()
    .from(recruits)
    .where(and(eq(recruits.friendMemberId, sim.memberId), isNotNull(recruits.activatedAt), isNull(recruits.rewardedAt)))
    .for('update');
  if (!recruit) return;
  const friendSims = (await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, sim.memberId))).map(
    (s) => s.ssn,
  );
  const [bought] = await tx.select({ n: count() }).from(memberships).where(inArray(memberships.ssn, friendSims));
  if ((bought?.n ?? 0) !== 1) return;
  const [target] = await tx
    .select({ ssn: sims.ssn, credit: balances.creditCents })
    .from(sims)
    .innerJoin(balances, eq(balances.ssn, sims.ssn))
    .where(and(eq(sims.memberId, recruit.recruiterMemberId), eq(sims.status, 'active')))
    .limit(1)
    .for('update');
  if (!target) return;
  await changeCredit(tx, target.ssn, RECRUIT_REWARD_CENTS, now);
  await recordMove(tx, {
    ssn: target.ssn,
    at: now,
    kind: 'reward',
    description: 'Recruit and reward',
    creditDeltaCents: RECRUIT_REWARD_CENTS,
    reference: `recruit:${recruit.id}`,
  });
  // A reward is credit coming in: it repays a top-up advance first (docs/product/lifelines.md).
  await repayAdvance(tx, target.ssn, now, `recruit:${recruit.id}`);
  await tx
    .update(recruits)
    .set({ rewardedAt: now, rewardCents: RECRUIT_REWARD_CENTS })
    .where(eq(recruits.id, recruit.id));
}
