import { z } from './zod.ts';
import { CREDIT_AMOUNTS_CENTS, PAYMENT_TYPES } from './constants.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { messages } from './messages.ts';
import { sharedFailures } from './common-failures.ts';
import { ADDON_SKUS } from './memberships.ts';

/**
 * Memberships, auto-renew, credit and data add-ons (docs/product/money.md). Money in euro cents, data in KB,
 * dates as ISO strings; null allowances are unlimited.
 */

export const OfferSchema = z
  .object({
    sku: z.string(),
    name: z.string(),
    price_cents: z.number().int(),
    days: z.number().int(),
    data_kb: z.number().int().nullable(),
    fup_kb: z.number().int().nullable(),
    mobile_minutes: z.number().int().nullable(),
    landline_minutes: z.number().int().nullable(),
    texts: z.number().int().nullable(),
    roaming_kb: z.number().int(),
  })
  .meta({ id: 'MembershipOffer' });
export type Offer = z.infer<typeof OfferSchema>;

const MembershipSchema = z
  .object({
    sku: z.string(),
    name: z.string(),
    status: z.enum(['current', 'queued']),
    starts_at: z.string(),
    ends_at: z.string(),
  })
  .meta({ id: 'Membership' });
const PaymentSplit = z.object({ credit_cents: z.number().int(), card_cents: z.number().int() });
const RecurrenceState = z.object({ recurrence_enabled: z.boolean(), recurrence_sku: z.string().nullable() });

const flag = (name: string) => z.enum(['true', 'false'], { error: `${name} must be true or false` });
const skuRule = z
  .string({ error: 'recurrence_sku is required' })
  .regex(/^[A-Za-z0-9_]{2,20}$/, { error: 'recurrence_sku is not a product' });
const paymentType = z.enum(PAYMENT_TYPES, { error: 'payment_type must be BALANCE_BEFORE_SC or STORED_CARD' });

/** Spec section 7, "Recurrence": the form body of POST …/recurrence (buy, or switch auto-renew on). */
export const RecurrenceForm = z.object({
  recurrence_sku: skuRule,
  payment_type: paymentType.default('BALANCE_BEFORE_SC'),
  recurrence_enabled: flag('recurrence_enabled').default('false'),
  check_user_cc: flag('check_user_cc').default('false'),
});

const endpoint = endpointsOf({ tag: 'Memberships', access: 'member' });

export const membershipsApi = {
  allowed: endpoint({
    id: 'allowedMemberships',
    method: 'get',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/memberships/allowed',
    summary:
      'What this SIM may buy now (BDDT03 only in May, BDDVBL00 only when eligible), with the current and queued membership and auto-renew',
    answer: payload(
      z.object({
        values: z.array(OfferSchema),
        current: MembershipSchema.extend(RecurrenceState.shape).nullable(),
        queued: MembershipSchema.nullable(),
        credit_cents: z.number().int(),
        addons: z.array(OfferSchema),
      }),
    ),
    description: 'The offers',
  }),
  recurrence: endpoint({
    id: 'recurrence',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/recurrence',
    summary:
      'With single_topUp=true: buy the membership (now, or queued behind the current one; credit first with BALANCE_BEFORE_SC). Without: switch auto-renew on for the SKU',
    query: z.object({ single_topUp: flag('single_topUp').optional() }),
    body: RecurrenceForm,
    bodyType: 'form',
    answer: payload(z.union([z.object({ membership: MembershipSchema, payment: PaymentSplit }), RecurrenceState])),
    description: 'Bought (membership and how it was paid), or auto-renew switched on',
    errors: {
      402: 'A card payment is needed and there is no stored card: _payload.checkout_required.amount_cents',
      409: 'A membership is queued already, or it cannot be bought now',
    },
  }),
  changeRecurrence: endpoint({
    id: 'changeRecurrence',
    moves: 'none',
    method: 'put',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/recurrence',
    summary: 'Renew with another membership',
    body: z.object({ recurrence_sku: skuRule }),
    bodyType: 'form',
    answer: payload(RecurrenceState),
    description: 'Changed',
  }),
  stopRecurrence: endpoint({
    id: 'stopRecurrence',
    moves: 'none',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/recurrence',
    summary: 'Switch auto-renew off',
    body: z.object({ recurrence_sku: skuRule }),
    bodyType: 'form',
    answer: payload(RecurrenceState),
    description: 'Switched off',
  }),
  addCredit: endpoint({
    id: 'addCredit',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/credit',
    summary: 'Add credit with the stored card (€5, €10, €15, €20, €30 or €50)',
    body: z.object({
      amount_cents: z.union(
        CREDIT_AMOUNTS_CENTS.map((a) => z.literal(a)),
        { error: 'amount_cents must be one of 500, 1000, 1500, 2000, 3000, 5000' },
      ),
      payment_type: z.literal('STORED_CARD', { error: 'payment_type must be STORED_CARD' }).default('STORED_CARD'),
    }),
    status: 201,
    answer: payload(z.object({ credit_cents: z.number().int(), payment: PaymentSplit })),
    description: 'Credit added',
    errors: { 402: 'No stored card: _payload.checkout_required.amount_cents' },
  }),
  buyAddon: endpoint({
    id: 'buyAddon',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/addons',
    summary: 'Buy a data add-on for the current membership (it ends with it); credit first with BALANCE_BEFORE_SC',
    body: z.object({
      sku: z.enum(ADDON_SKUS, { error: 'sku must be BDAO05 or BDAO10' }),
      payment_type: paymentType.default('BALANCE_BEFORE_SC'),
    }),
    status: 201,
    answer: payload(
      z.object({ addon: z.object({ sku: z.string(), data_kb: z.number().int() }), payment: PaymentSplit }),
    ),
    description: 'Bought',
    errors: { 402: 'A card payment is needed and there is no stored card', 409: 'No current membership' },
  }),
};

export const membershipsFailures = failures('memberships', {
  /** The message names the limit and what is left: spendLimitMessage in security.ts. */
  overSpendLimit: sharedFailures.overSpendLimit,
  simBlocked: { status: 423, message: messages.simBlocked },
  notOnSale: { status: 409, message: 'That membership cannot be bought for this SIM now.' },
  alreadyQueued: {
    status: 409,
    message: 'You already have a membership queued. You can buy another once it has started.',
  },
  noCurrentMembership: sharedFailures.noCurrentMembership,
  needsMembership: { status: 409, message: 'An add-on needs a current membership. Buy a membership first.' },
  cardDeclined: { status: 402, message: 'Your card was declined. Please use another card.' },
  noBalance: sharedFailures.detailsMissing,
  creditChanged: {
    status: 409,
    message: 'Your credit changed while you were paying. Nothing was taken; please try again.',
  },
  checkoutRequired: { status: 402, message: 'A card payment is needed to complete this.' },
});
