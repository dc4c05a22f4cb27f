import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { emailRule, nameRule } from './forms.schema.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';

import { EASTER_CAMPAIGN } from './referrals.ts';
import { REFERRAL_STATUSES } from './constants.ts';
import type { REFERRAL_CALLS } from './referrals.ts';
import { REFERRAL_CAMPAIGN } from './referrals.ts';

/**
 * Referrals through the referral service (docs/product/community-and-offers.md, "Referrals"; spec sections 3,
 * 5, 7 and 9): the campaign, the member's referrals, and our own four calls.
 */
export { EASTER_CAMPAIGN };
export type ReferralCall = keyof typeof REFERRAL_CALLS;

/** Easter Sunday of a year (the Gregorian computus), as YYYY-MM-DD. */
export function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The campaign of a day (YYYY-MM-DD, Irish): the Easter one from Palm Sunday to Easter Monday, the usual one otherwise. */
export function campaignSlugOn(day: string): string {
  const easter = new Date(`${easterSunday(Number(day.slice(0, 4)))}T00:00:00Z`).getTime();
  const t = new Date(`${day}T00:00:00Z`).getTime();
  const DAY = 86_400_000;
  return t >= easter - 7 * DAY && t <= easter + DAY ? EASTER_CAMPAIGN : REFERRAL_CAMPAIGN;
}

export const ReferFriendForm = z.object({
  friend_first_name: nameRule('friend_first_name'),
  friend_last_name: nameRule('friend_last_name'),
  friend_email: emailRule('friend_email'),
});

const ReferralSchema = z
  .object({
    friend_name: z.string(),
    friend_email: z.string(),
    status: z
      .enum(REFERRAL_STATUSES)
      .meta({ description: 'Invited, joined, ordered, reward confirmed, or failed (order cancelled)' }),
    created_at: z.string(),
  })
  .meta({ id: 'Referral' });

const referralsPath = '/panda/protected/users/{user_id}/getbuyapowareferrals' as const;
const endpoint = endpointsOf({ tag: 'Referrals', access: 'member' });

export const referralsApi = {
  list: endpoint({
    id: 'referrals',
    method: 'get',
    path: referralsPath,
    summary: "The member's referrals, newest first, and the campaign running today",
    params: UserParams,
    answer: payload(z.object({ campaign_slug: z.string(), values: z.array(ReferralSchema) })),
    description: 'Referrals',
  }),
  refer: endpoint({
    id: 'referFriend',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/buyapowareferrals/registrations',
    summary:
      "Refer a friend by e-mail: the service's friends/registrations (the browser never holds the service's keys)",
    body: ReferFriendForm,
    status: 201,
    answer: payload(ReferralSchema),
    description: 'Referred',
    errors: {
      409: 'This friend is referred already',
      422: "The referral service's refusal, with its message",
      503: 'The referral service did not answer',
    },
  }),
  recordOrder: endpoint({
    id: 'recordReferralOrder',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/buyapowareferrals',
    summary:
      "Record a referred member's SIM order with the service (referrals/track); nothing to record for a member not referred",
    query: z.object({ channel: z.literal('web', { error: 'channel must be web' }) }),
    body: z.object({
      user_id: z.coerce.string().regex(/^[0-9]{1,10}$/, { error: 'user_id must be a number' }),
      sim_order: z.coerce.number({ error: 'sim_order must be an order number' }).int().positive(),
    }),
    answer: payload(z.object({ recorded: z.boolean() })),
    description: 'Recorded, or nothing to record',
    errors: {
      403: 'user_id is not the signed-in member',
      404: 'No such order of the member',
      422: "The referral service's refusal",
      503: 'The referral service did not answer',
    },
  }),
  reconcile: endpoint({
    id: 'reconcileReferral',
    moves: 'once',
    method: 'put',
    path: '/panda/protected/users/{user_id}/buyapowareferrals/{order}',
    summary:
      "Tell the service how a referred order ended: 'confirmed', or 'failed' when it was cancelled (referrals/confirmations)",
    params: UserParams.extend({
      order: z.string().regex(/^[A-Z]+-[0-9]{1,12}$/, { error: 'order must be an order number' }),
    }),
    body: z.object({ status: z.enum(['confirmed', 'failed'], { error: 'status must be confirmed or failed' }) }),
    answer: payload(ReferralSchema),
    description: 'Reconciled',
    errors: {
      404: 'No referred order with this number',
      422: "The referral service's refusal",
      503: 'The referral service did not answer',
    },
  }),
  publicRead: endpoint({
    id: 'publicReferrals',
    method: 'get',
    path: '/panda/public/users/{user_id}/buyapowareferrals',
    access: 'public',
    summary: 'The campaign and how many friends a member has referred (nothing personal)',
    answer: payload(z.object({ campaign_slug: z.string(), referrals: z.number().int() })),
    description: 'Counts',
    errors: { 404: 'No such member' },
  }),
};

export const referralsFailures = failures('referrals', {
  alreadyReferred: { status: 409, message: 'This friend has been referred already.' },
  notYou: { status: 403, message: 'You can only record your own orders.' },
  noOrder: { status: 404, message: 'There is no order with this number.' },
  noReferral: { status: 404, message: 'There is no referred order with this number.' },
  unknownMember: { status: 404, message: 'There is no member with this id.' },
  /** The referral service refused: its own status (4xx) and message, passed on (spec section 8). */
  serviceRefused: { status: 422, message: 'The referral service refused this.' },
  serviceDown: {
    status: 503,
    message: 'The referral service is not answering at the moment. Please try again shortly.',
  },
});
