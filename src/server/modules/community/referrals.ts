import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { campaignSlugOn, type ReferralCall } from '../../../contract/referrals.schema.ts';
import { REFERRAL_LOCALE } from '../../../contract/referrals.ts';
import type { Queryable } from '../../db/client.ts';
import { members, memberships, referralOutbox, referrals, sims } from '../../db/schema.ts';
import type { ReferralsAdapter } from './integrations/referrals/index.ts';
import { dayOf } from '../../kernel/calendar.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

type Member = Pick<typeof members.$inferSelect, 'id' | 'email' | 'firstname' | 'lastname' | 'nickname'>;

/**
 * Referral rules more than one feature needs: what every payload carries (spec section 5: terms
 * opt-in true, marketing opt-in false; section 9: locale en, the day's campaign slug), the
 * member's journey told to the service (sign-up, first membership) through the outbox, and the
 * outbox's sender.
 */
export function payloadOf(member: Member, now: Date, extra: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    campaign_slug: campaignSlugOn(dayOf(now)),
    client_data: { user_id: String(member.id), nickname: member.nickname },
    terms_opt_in: true,
    marketing_opt_in: false,
    locale: REFERRAL_LOCALE,
    ...extra,
  };
}

const queue = (tx: Queryable, call: ReferralCall, payload: Record<string, unknown>, now: Date) =>
  tx.insert(referralOutbox).values({ call, payload: JSON.stringify(payload), createdAt: now });

/** A new member whose address a member referred: the referral is joined, and the service hears of the sign-up. */
export async function referralSignedUp(tx: Queryable, member: Member, now: Date): Promise<void> {
  const [row] = await tx
    .update(referrals)
    .set({ status: 'signed_up', friendMemberId: member.id, updatedAt: now })
    .where(
      and(
        sql`lower(${referrals.friendEmail}) = lower(${member.email})`,
        eq(referrals.status, 'registered'),
        isNull(referrals.friendMemberId),
      ),
    )
    .returning();
  if (!row) return;
  const [referrer] = await tx
    .select({ email: members.email })
    .from(members)
    .where(eq(members.id, row.referrerMemberId));
  await queue(
    tx,
    'signups',
    payloadOf(member, now, {
      referrer_email: referrer?.email,
      friend_email: member.email,
      email_address: member.email,
      first_name: member.firstname,
      last_name: member.lastname,
      full_name: `${member.firstname} ${member.lastname}`,
    }),
    now,
  );
}

/**
 * A referred member's first membership (inside that purchase's transaction): the order is tracked
 * (unless their SIM order was already) and confirmed with the service, through the outbox.
 */
export async function referralFirstMembership(
  tx: Queryable,
  ssn: string,
  membershipId: number,
  now: Date,
): Promise<void> {
  const [sim] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (!sim) return;
  const [row] = await tx
    .select()
    .from(referrals)
    .where(and(eq(referrals.friendMemberId, sim.memberId), inArray(referrals.status, ['signed_up', 'ordered'])))
    .for('update');
  if (!row) return;
  const friendSims = (await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, sim.memberId))).map(
    (s) => s.ssn,
  );
  const [bought] = await tx.select({ n: count() }).from(memberships).where(inArray(memberships.ssn, friendSims));
  if ((bought?.n ?? 0) !== 1) return;
  const [member] = await tx.select().from(members).where(eq(members.id, sim.memberId));
  if (!member) return;
  const orderNumber = row.orderNumber ?? `MEM-${membershipId}`;
  const common = {
    order_number: orderNumber,
    order_timestamp: now.toISOString(),
    email_address: member.email,
    full_name: `${member.firstname} ${member.lastname}`,
  };
  if (!row.orderNumber) await queue(tx, 'track', payloadOf(member, now, common), now);
  await queue(
    tx,
    'confirmations',
    payloadOf(member, now, { order_number: orderNumber, status: 'confirmed', reward_category: 'membership' }),
    now,
  );
  await tx.update(referrals).set({ status: 'confirmed', orderNumber, updatedAt: now }).where(eq(referrals.id, row.id));
}

/** Sends what the outbox holds, oldest first; a refusal or no answer stays for the next run (with the error kept). */
export async function sendReferralOutbox({ db, clock }: ServiceContext, adapter: ReferralsAdapter): Promise<number> {
  const due = await db
    .select()
    .from(referralOutbox)
    .where(isNull(referralOutbox.sentAt))
    .orderBy(referralOutbox.id)
    .limit(50);
  let sent = 0;
  for (const item of due) {
    // Taken by one sender: a second instance finds it claimed (attempts moved on) and leaves it.
    const [claimed] = await db
      .update(referralOutbox)
      .set({ attempts: item.attempts + 1 })
      .where(
        and(eq(referralOutbox.id, item.id), eq(referralOutbox.attempts, item.attempts), isNull(referralOutbox.sentAt)),
      )
      .returning();
    if (!claimed) continue;
    const answer = await adapter.send(item.call as ReferralCall, JSON.parse(item.payload) as Record<string, unknown>);
    if (answer.ok) {
      // A forget call, once sent, keeps nothing of the person it was about (docs/product/member-controls.md).
      const erased = item.call === 'forget' ? { payload: '{"forgotten":true}' } : {};
      await db
        .update(referralOutbox)
        .set({ sentAt: clock(), lastError: null, ...erased })
        .where(eq(referralOutbox.id, item.id));
      sent += 1;
    } else {
      await db
        .update(referralOutbox)
        .set({ lastError: `${answer.status} ${answer.message}` })
        .where(eq(referralOutbox.id, item.id));
    }
  }
  return sent;
}
