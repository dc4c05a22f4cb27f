import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { offerClaims, recruits, referralOutbox, referrals, studentCodes } from '../../db/schema.ts';
import type { MemberErased } from '../identity/index.ts';
import { payloadOf } from './referrals.ts';

/**
 * A deleted account's community (in the deletion's transaction): the referral service is told to
 * forget the person (before the address is gone: it finds the member by id and address), the calls
 * already sent that name them are emptied, their offers' claims and student codes go, their
 * referrals go, and where they were someone's friend the link to them goes.
 */
export async function forgetCommunityOf(tx: Queryable, { member, now }: Pick<MemberErased, 'member' | 'now'>) {
  const id = member.id;
  await tx.insert(referralOutbox).values({
    call: 'forget',
    payload: JSON.stringify(payloadOf(member, now, { email_address: member.email })),
    createdAt: now,
  });
  await tx
    .update(referralOutbox)
    .set({ payload: '{"erased":true}' })
    .where(
      sql`${referralOutbox.sentAt} is not null and (${referralOutbox.payload} like ${`%${JSON.stringify(member.email).slice(1, -1)}%`} or ${referralOutbox.payload} like ${`%"user_id":"${id}"%`})`,
    );
  await tx.delete(studentCodes).where(eq(studentCodes.memberId, id));
  await tx.delete(offerClaims).where(eq(offerClaims.memberId, id));
  await tx.delete(referrals).where(eq(referrals.referrerMemberId, id));
  await tx.update(referrals).set({ friendMemberId: null }).where(eq(referrals.friendMemberId, id));
  await tx.update(recruits).set({ friendName: '' }).where(eq(recruits.recruiterMemberId, id));
  await tx.update(recruits).set({ friendMemberId: null }).where(eq(recruits.friendMemberId, id));
}
