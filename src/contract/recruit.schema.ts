import { z } from './zod.ts';
import { MGM_DAILY_LIMIT } from './constants.ts';
import { failures } from './endpoint.ts';
import { FreeSimOrderForm } from './forms.schema.ts';
import { messages } from './messages.ts';
import { OrderSchema } from './orders.schema.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { RECRUIT_REWARD_CENTS } from './recruit.ts';
import { KICKBACK_SKU, MGM_PROMOTION, KICKBACK_REQUESTER } from './recruit.ts';

/**
 * Recruit and reward (member gets member) and mates rates (docs/product/community-and-offers.md; spec sections
 * 3, 4 and 7): the recruit link, the reward, free SIMs sent to friends, and the friend's own
 * mates-rates order.
 */

export { RECRUIT_REWARD_CENTS };

const flag = (name: string, value: 'true' | 'false') => z.literal(value, { error: `${name} must be ${value}` });
const affiliateIdRule = z
  .string({ error: 'affiliateId is required' })
  .regex(/^[A-Za-z0-9]{6,32}$/, { error: 'affiliateId is not a recruit link' });

/** Spec section 3, "Send-free-SIM order": the friend's name and address, and the fixed fields. */
export const SendFreeSimForm = FreeSimOrderForm.omit({ captcha: true }).extend({
  sku: z.literal(KICKBACK_SKU, { error: `sku must be ${KICKBACK_SKU}` }).default(KICKBACK_SKU),
  quantity: z.literal('1', { error: 'quantity must be 1' }).default('1'),
  user_id: z.string({ error: 'user_id is required' }).regex(/^[0-9]{1,10}$/, { error: 'user_id must be a number' }),
  shipping_type: z.literal('SIM_Recruiter', { error: 'shipping_type must be SIM_Recruiter' }).default('SIM_Recruiter'),
  promotions: z.literal(MGM_PROMOTION, { error: `promotions must be ${MGM_PROMOTION}` }).default(MGM_PROMOTION),
  order_channel: z.literal('web', { error: 'order_channel must be web' }).default('web'),
  distribution_channel: z.literal('SIM', { error: 'distribution_channel must be SIM' }).default('SIM'),
  portal_notifications: flag('portal_notifications', 'false').default('false'),
  third_party_notif: flag('third_party_notif', 'false').default('false'),
});

/** Spec section 3: kick-back SIM products with a requester other than '2' store the recruiter id and SIM type cookies. */
export const keepsKickbackCookies = (sku: string, requester: string): boolean =>
  /^Kickback_Pack_[MNS]$/.test(sku) && requester !== KICKBACK_REQUESTER.recruiter;

/**
 * Spec section 3, "Mates-rates order": the new member's postal address, the kick-back SKU and `ip`, the
 * customer's (IP) address that the browser keeps in the encrypted ugi cookie. The server records the
 * address it sees the order come from (docs/product/production.md: one client address); the sent one only where it sees none.
 */
export const MatesRatesForm = FreeSimOrderForm.omit({ captcha: true }).extend({
  affiliateId: affiliateIdRule.optional(),
  sku: z.literal(KICKBACK_SKU, { error: `sku must be ${KICKBACK_SKU}` }).default(KICKBACK_SKU),
  ip: z
    .string({ error: 'ip must be an IP address' })
    .max(45, { error: 'ip must be an IP address' })
    .refine((v) => z.ipv4().safeParse(v).success || z.ipv6().safeParse(v).success, {
      error: 'ip must be an IP address',
    })
    .meta({ description: 'The customer’s IPv4 or IPv6 address, as kept in the ugi cookie' })
    .optional(),
  campaign: z.literal('kickback', { error: 'campaign must be kickback' }).default('kickback'),
  quantity: z.literal('1', { error: 'quantity must be 1' }).default('1'),
  message: z.literal('ordermates', { error: 'message must be ordermates' }).default('ordermates'),
  distribution_channel: z.literal('banner', { error: 'distribution_channel must be banner' }).default('banner'),
  third_party_notifications: flag('third_party_notifications', 'false').default('false'),
});

const FriendSchema = z.object({
  name: z.string(),
  status: z
    .enum(['sent', 'activated', 'rewarded'])
    .meta({ description: 'SIM sent (or ordered), SIM active, reward paid' }),
  sent_at: z.string(),
  sim_ssn: z.string().nullable().meta({ description: 'The card sent, so the recruiter can follow it' }),
  reward_cents: z.number().int(),
});

const endpoint = endpointsOf({ tag: 'Recruit', access: 'member' });

export const recruitApi = {
  affiliateId: endpoint({
    id: 'affiliateId',
    method: 'get',
    path: '/panda/protected/users/{user_id}/extras/affiliateId',
    summary: "The member's affiliate id for recruit links (/friend?affiliateId=…)",
    answer: payload(z.object({ affiliateId: z.string() })),
    description: 'The affiliate id',
  }),
  kickbackCredit: endpoint({
    id: 'kickbackCredit',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/kickbackcredit',
    summary: 'The recruit reward earned, in all and per friend',
    answer: payload(
      z.object({ earned_cents: z.number().int(), reward_cents: z.number().int(), friends: z.array(FriendSchema) }),
    ),
    description: 'Rewards',
  }),
  simLimits: endpoint({
    id: 'simLimits',
    method: 'get',
    path: '/panda/public/users/{user_id}/sim-limits',
    summary:
      'How many free SIMs the member can still send today (a public path that needs the session, as the spec has it)',
    answer: payload(z.object({ left_today: z.number().int(), daily_limit: z.number().int() })),
    description: 'Limits',
    errors: { 422: "'MGM is limited to users with an active SIM'" },
  }),
  affiliateInfo: endpoint({
    id: 'affiliateInfo',
    method: 'get',
    path: '/panda/public/users/affiliateInfo',
    access: 'public',
    summary: 'Who a recruit link is from: the nickname and nothing more personal',
    query: z.object({ affiliateId: affiliateIdRule }),
    answer: payload(z.object({ nickname: z.string() })),
    description: 'The recruiter',
    errors: { 404: 'No member has this affiliate id' },
  }),
  affiliateInfoMember: endpoint({
    id: 'affiliateInfoMember',
    method: 'get',
    path: '/panda/protected/users/affiliateInfo',
    summary: 'Who a recruit link is from, for a signed-in member',
    query: z.object({ affiliateId: affiliateIdRule }),
    answer: payload(z.object({ nickname: z.string() })),
    description: 'The recruiter',
    errors: { 404: 'No member has this affiliate id' },
  }),
  sendFreeSim: endpoint({
    id: 'sendFreeSim',
    moves: 'once',
    method: 'post',
    path: '/panda/public/packs/campaign/mgm/',
    summary: `Send a free SIM to a friend (at most ${MGM_DAILY_LIMIT} a day, with an active SIM)`,
    body: SendFreeSimForm,
    bodyType: 'form',
    status: 201,
    answer: payload(z.object({ order: OrderSchema, left_today: z.number().int() })),
    description: 'Ordered',
    errors: {
      403: 'user_id is not the signed-in member',
      409: "'Too many mgm sims today!'",
      422: "'MGM is limited to users with an active SIM'",
    },
  }),
  matesRates: endpoint({
    id: 'matesRates',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/packs/campaign/mgm',
    summary: "A new member's mates-rates SIM, through a friend's recruit link",
    body: MatesRatesForm,
    bodyType: 'form',
    status: 201,
    answer: payload(z.object({ order: OrderSchema, recruiter: z.string(), requester: z.enum(['1', '2']) })),
    description: 'Ordered',
    errors: {
      409: 'A mates-rates SIM is ordered already, or the member has a SIM',
      422: 'No recruit link, or the link is the member’s own',
    },
  }),
};

export const recruitFailures = failures('recruit', {
  simBlocked: { status: 423, message: messages.simBlocked },
  tooMany: { status: 409, message: messages.tooManyMgmSims },
  noActiveSim: { status: 422, message: messages.mgmNeedsActiveSim },
  notYou: { status: 403, message: messages.forbiddenMember },
  unknownAffiliate: { status: 404, message: "We don't recognise this recruit link. Ask your friend to send it again." },
  noRecruiter: {
    status: 422,
    message: "Mates rates need a friend's recruit link. Open the link your friend sent you.",
  },
  ownLink: { status: 422, message: 'That is your own recruit link: send it to a friend instead.' },
  alreadyOrdered: { status: 409, message: 'You have ordered your mates-rates SIM already. It is on its way.' },
  alreadyMember: {
    status: 409,
    message:
      'Mates rates are for new members, and you have a 48 SIM already. Send your own recruit link to friends instead.',
  },
});
