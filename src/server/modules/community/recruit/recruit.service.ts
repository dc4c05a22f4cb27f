import {
  type Address,
  lockMember,
  memberHasBlockedSim,
  orderOf,
  placeOrderIn,
  setCardAside,
} from '../../lines/index.ts';
import { and, count, desc, eq, gte, ne } from 'drizzle-orm';
import { RECRUIT_REWARD_CENTS } from '../../../../contract/recruit.schema.ts';
import { KICKBACK_REQUESTER, KICKBACK_SKU, SEND_FREE_SIM_DAILY_LIMIT } from '../../../../contract/recruit.ts';
import type { Queryable } from '../../../db/client.ts';
import { members, orders, recruits, sims } from '../../../db/schema.ts';
import { dayStartOf } from '../../../kernel/calendar.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { affiliateIdOf, recruiterOf } from '../recruits.ts';
import { setReferredBy } from '../../identity/index.ts';

export { affiliateIdOf };

const hasActiveSim = async (db: Queryable, memberId: number) =>
  (
    await db
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.memberId, memberId), eq(sims.status, 'active')))
  ).length > 0;

/** Free SIMs sent today (Irish day): the recruiter's SIM_Recruiter orders since midnight. */
const sentToday = async (db: Queryable, memberId: number, now: Date) =>
  (
    await db
      .select({ n: count() })
      .from(orders)
      .where(
        and(
          eq(orders.memberId, memberId),
          eq(orders.shippingType, 'SIM_Recruiter'),
          gte(orders.createdAt, dayStartOf(now)),
        ),
      )
  )[0]?.n ?? 0;

/** How many free SIMs the member can still send today; a member without an active SIM can send none. */
export async function simLimits(
  { db, clock }: ServiceContext,
  memberId: number,
): Promise<Outcome<{ left_today: number; daily_limit: number }, 'noActiveSim'>> {
  if (!(await hasActiveSim(db, memberId))) return refused('noActiveSim');
  const sent = await sentToday(db, memberId, clock());
  return done({ left_today: Math.max(0, SEND_FREE_SIM_DAILY_LIMIT - sent), daily_limit: SEND_FREE_SIM_DAILY_LIMIT });
}

/** The reward earned and each friend: SIM sent, SIM active, reward paid. */
export async function kickbackCredit({ db }: ServiceContext, memberId: number) {
  const rows = await db
    .select()
    .from(recruits)
    .where(eq(recruits.recruiterMemberId, memberId))
    .orderBy(desc(recruits.createdAt), desc(recruits.id));
  return {
    earned_cents: rows.reduce((sum, r) => sum + r.rewardCents, 0),
    reward_cents: RECRUIT_REWARD_CENTS,
    friends: rows.map((r) => ({
      name: r.friendName,
      status: r.rewardedAt ? ('rewarded' as const) : r.activatedAt ? ('activated' as const) : ('sent' as const),
      sent_at: r.createdAt.toISOString(),
      sim_ssn: r.simSsn,
      reward_cents: r.rewardCents,
    })),
  };
}

export async function affiliateInfo(
  { db }: ServiceContext,
  affiliateId: string,
): Promise<Outcome<{ nickname: string }, 'unknownAffiliate'>> {
  const recruiter = await recruiterOf(db, affiliateId);
  return recruiter ? done({ nickname: recruiter.nickname }) : refused('unknownAffiliate');
}

/**
 * Sends a free SIM to a friend (spec section 4, "Send free SIM"): the member's row is locked, so
 * sends of one member run one after the other and the daily count read is the true one: the
 * limit holds for any number of sends at once. A card is set aside for the friend.
 */
export async function sendFreeSim({ db, clock }: ServiceContext, memberId: number, address: Address) {
  return db.transaction(async (tx) => {
    const now = clock();
    await lockMember(tx, memberId);
    if (!(await hasActiveSim(tx, memberId))) return refused('noActiveSim');
    if (await memberHasBlockedSim(tx, memberId)) return refused('simBlocked');
    const sent = await sentToday(tx, memberId, now);
    if (sent >= SEND_FREE_SIM_DAILY_LIMIT) return refused('tooMany');
    const order = await placeOrderIn(tx, now, {
      memberId,
      sku: KICKBACK_SKU,
      status: 'SIM_ORDERED',
      shippingType: 'SIM_Recruiter',
      address,
      recruiterMemberId: memberId,
    });
    const ssn = await setCardAside(tx, order.id);
    await tx.insert(recruits).values({
      recruiterMemberId: memberId,
      orderId: order.id,
      friendName: `${address.firstname} ${address.lastname}`,
      simSsn: ssn,
      createdAt: now,
    });
    return done({ order: orderOf(order), left_today: SEND_FREE_SIM_DAILY_LIMIT - sent - 1 });
  });
}

/**
 * A new member's mates-rates SIM through a friend's link (or the recruiter recorded at sign-up):
 * one per member, not with a SIM of their own already, not from their own link. The member's
 * referred_by is recorded; the recruit row (friend known) pays the reward later.
 */
export async function matesRates(
  { db, clock }: ServiceContext,
  memberId: number,
  form: Address & { affiliateId?: string | undefined },
  ip: string,
) {
  return db.transaction(async (tx) => {
    const now = clock();
    await lockMember(tx, memberId);
    const [me] = await tx
      .select({ referredBy: members.referredBy, affiliateId: members.affiliateId })
      .from(members)
      .where(eq(members.id, memberId));
    const link = form.affiliateId ?? me?.referredBy ?? undefined;
    if (!link) return refused('noRecruiter');
    const recruiter = await recruiterOf(tx, link);
    if (!recruiter) return refused('unknownAffiliate');
    if (recruiter.id === memberId) return refused('ownLink');
    const [recruited] = await tx
      .select({ id: recruits.id })
      .from(recruits)
      .where(eq(recruits.friendMemberId, memberId));
    if (recruited) return refused('alreadyOrdered');
    const owned = await tx
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.memberId, memberId), ne(sims.status, 'inactive')));
    if (owned.length > 0) return refused('alreadyMember');
    const order = await placeOrderIn(tx, now, {
      memberId,
      sku: KICKBACK_SKU,
      status: 'SIM_ORDERED',
      shippingType: 'SIM_Mates',
      address: form,
      recruiterMemberId: recruiter.id,
      ip,
    });
    const ssn = await setCardAside(tx, order.id);
    await setReferredBy(tx, memberId, link);
    const [friend] = await tx
      .select({ firstname: members.firstname, lastname: members.lastname })
      .from(members)
      .where(eq(members.id, memberId));
    await tx.insert(recruits).values({
      recruiterMemberId: recruiter.id,
      orderId: order.id,
      friendMemberId: memberId,
      friendName: `${friend?.firstname ?? form.firstname} ${friend?.lastname ?? form.lastname}`,
      simSsn: ssn,
      createdAt: now,
    });
    return done({ order: orderOf(order), recruiter: recruiter.nickname, requester: KICKBACK_REQUESTER.member });
  });
}
