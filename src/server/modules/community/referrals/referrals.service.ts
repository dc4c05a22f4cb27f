import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { campaignSlugOn } from '../../../../contract/referrals.schema.ts';
import { members, orders, referrals } from '../../../db/schema.ts';
import type { ReferralsAdapter } from '../integrations/referrals/index.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import { done, refused, unlessTaken, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { payloadOf } from '../referrals.ts';

export interface ReferralContext extends ServiceContext {
  referrals: ReferralsAdapter;
}
type Referral = typeof referrals.$inferSelect;
/** A refusal of the service itself: its status and message go to the caller unchanged (spec section 8). */
type ServiceRefusal = { ok: false; reason: 'service'; detail: { status: number; message: string } };

const shape = (r: Referral) => ({
  friend_name: r.friendName,
  friend_email: r.friendEmail,
  status: r.status,
  created_at: r.createdAt.toISOString(),
});
const memberOf = async (ctx: ServiceContext, id: number) =>
  (await ctx.db.select().from(members).where(eq(members.id, id)))[0]!;
const serviceRefusal = (status: number, message: string): ServiceRefusal => ({
  ok: false,
  reason: 'service',
  detail: { status, message },
});

export async function list(ctx: ServiceContext, memberId: number) {
  const rows = await ctx.db
    .select()
    .from(referrals)
    .where(eq(referrals.referrerMemberId, memberId))
    .orderBy(desc(referrals.createdAt), desc(referrals.id));
  return { campaign_slug: campaignSlugOn(dayOf(ctx.clock())), values: rows.map(shape) };
}

/** Refers a friend: the service first (it may refuse, with its message), then our record. */
export async function refer(
  ctx: ReferralContext,
  memberId: number,
  form: { friend_first_name: string; friend_last_name: string; friend_email: string },
): Promise<Outcome<ReturnType<typeof shape>, 'alreadyReferred'> | ServiceRefusal> {
  const [taken] = await ctx.db
    .select({ id: referrals.id })
    .from(referrals)
    .where(sql`lower(${referrals.friendEmail}) = lower(${form.friend_email})`);
  if (taken) return refused('alreadyReferred');
  const me = await memberOf(ctx, memberId);
  const now = ctx.clock();
  const answer = await ctx.referrals.send(
    'registrations',
    payloadOf(me, now, {
      referrer_email: me.email,
      friend_email: form.friend_email,
      first_name: form.friend_first_name,
      last_name: form.friend_last_name,
      full_name: `${form.friend_first_name} ${form.friend_last_name}`,
    }),
  );
  if (!answer.ok) return serviceRefusal(answer.status, answer.message);
  return unlessTaken('alreadyReferred', async () => {
    const [row] = await ctx.db
      .insert(referrals)
      .values({
        referrerMemberId: memberId,
        friendEmail: form.friend_email,
        friendName: `${form.friend_first_name} ${form.friend_last_name}`,
        campaignSlug: campaignSlugOn(dayOf(now)),
        status: 'registered',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    return shape(row!);
  });
}

/**
 * A referred member's SIM order, tracked with the service once: the referral is claimed for the
 * order first (one conditional update wins however many requests come at once), then the service
 * is told; if it refuses, the claim is undone. A member nobody referred has nothing to record.
 */
export async function recordOrder(
  ctx: ReferralContext,
  memberId: number,
  orderId: number,
): Promise<Outcome<{ recorded: boolean }, 'noOrder'> | ServiceRefusal> {
  const [order] = await ctx.db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.memberId, memberId)));
  if (!order) return refused('noOrder');
  const orderNumber = `SIM-${order.id}`;
  const [row] = await ctx.db
    .update(referrals)
    .set({ status: 'ordered', orderNumber, updatedAt: ctx.clock() })
    .where(and(eq(referrals.friendMemberId, memberId), eq(referrals.status, 'signed_up')))
    .returning();
  if (!row) {
    // Recorded already (by an earlier or a simultaneous request), or nobody referred this member.
    const [recorded] = await ctx.db
      .select({ id: referrals.id })
      .from(referrals)
      .where(and(eq(referrals.friendMemberId, memberId), eq(referrals.orderNumber, orderNumber)));
    return done({ recorded: recorded !== undefined });
  }
  const me = await memberOf(ctx, memberId);
  const answer = await ctx.referrals.send(
    'track',
    payloadOf(me, ctx.clock(), {
      order_number: orderNumber,
      order_timestamp: order.createdAt.toISOString(),
      email_address: me.email,
      full_name: `${me.firstname} ${me.lastname}`,
    }),
  );
  if (!answer.ok) {
    await ctx.db
      .update(referrals)
      .set({ status: 'signed_up', orderNumber: null, updatedAt: ctx.clock() })
      .where(eq(referrals.id, row.id));
    return serviceRefusal(answer.status, answer.message);
  }
  return done({ recorded: true });
}

/**
 * How a referred order ended: confirmed, or failed when it was cancelled. The new status is
 * claimed first (once, however many requests come at once), then the service is told; if it
 * refuses, the status goes back. Asking again for the status it has answers it as it is.
 */
export async function reconcile(
  ctx: ReferralContext,
  memberId: number,
  orderNumber: string,
  status: 'confirmed' | 'failed',
): Promise<Outcome<ReturnType<typeof shape>, 'noReferral'> | ServiceRefusal> {
  const mine = and(eq(referrals.friendMemberId, memberId), eq(referrals.orderNumber, orderNumber));
  const [before] = await ctx.db
    .select()
    .from(referrals)
    .where(and(mine, inArray(referrals.status, ['ordered', 'confirmed', 'failed'])));
  if (!before) return refused('noReferral');
  const [claimed] = await ctx.db
    .update(referrals)
    .set({ status, updatedAt: ctx.clock() })
    .where(and(mine, inArray(referrals.status, ['ordered', 'confirmed']), ne(referrals.status, status)))
    .returning();
  if (!claimed) {
    const [now] = await ctx.db.select().from(referrals).where(mine);
    return now && now.status === status ? done(shape(now)) : refused('noReferral');
  }
  const me = await memberOf(ctx, memberId);
  const answer = await ctx.referrals.send(
    'confirmations',
    payloadOf(me, ctx.clock(), { order_number: orderNumber, status, reward_category: 'membership' }),
  );
  if (!answer.ok) {
    await ctx.db
      .update(referrals)
      .set({ status: before.status, updatedAt: ctx.clock() })
      .where(and(eq(referrals.id, claimed.id), eq(referrals.status, status)));
    return serviceRefusal(answer.status, answer.message);
  }
  return done(shape(claimed));
}

/** Public: the campaign and a member's number of referrals, nothing personal. */
export async function publicRead(
  ctx: ServiceContext,
  memberId: number,
): Promise<Outcome<{ campaign_slug: string; referrals: number }, 'unknownMember'>> {
  const [member] = await ctx.db.select({ id: members.id }).from(members).where(eq(members.id, memberId));
  if (!member) return refused('unknownMember');
  const [row] = await ctx.db.select({ n: count() }).from(referrals).where(eq(referrals.referrerMemberId, memberId));
  return done({ campaign_slug: campaignSlugOn(dayOf(ctx.clock())), referrals: row?.n ?? 0 });
}
