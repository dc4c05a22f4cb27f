import { memberErased, memberJoined, setReferredBy } from '../identity/index.ts';
import { simActivated } from '../lines/index.ts';
import { membershipBought } from '../money/index.ts';
import { forgetCommunityOf } from './erase.ts';
import { recruitActivated, recruiterOf, rewardRecruiter } from './recruits.ts';
import { referralFirstMembership, referralSignedUp } from './referrals.ts';

/**
 * What the community follows in other domains (docs/product/community-and-offers.md), each in the
 * transaction of what happened: a joining by a recruit link or a referred address, a SIM a friend
 * sent activated, a recruited or referred member's first membership. Listened to when the module
 * loads (its face imports this file).
 */
memberJoined.on(async (tx, { member, affiliateId, now }) => {
  // A recruit link that is no member's is ignored: it must not stop anyone joining.
  if (affiliateId && (await recruiterOf(tx, affiliateId))) await setReferredBy(tx, member.id, affiliateId);
  // Someone a member referred by this address has joined: the referral moves on (the service hears of it after).
  await referralSignedUp(tx, member, now);
});
// A card a friend sent (or a mates-rates SIM): the recruit is now active.
simActivated.on((tx, { memberId, orderId, now }) => recruitActivated(tx, memberId, orderId, now));
// A recruited friend's first membership pays the recruiter's reward (once); a referred one's is confirmed with the referral service.
membershipBought.on(async (tx, { ssn, membershipId, now }) => {
  await rewardRecruiter(tx, ssn, now);
  await referralFirstMembership(tx, ssn, membershipId, now);
});

// An account deleted: the referral service forgets the person; their claims, codes and referrals go.
memberErased.on((tx, erased) => forgetCommunityOf(tx, erased));
