import { z } from './zod.ts';
import { CREDIT_AMOUNTS_CENTS } from './constants.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { emailRule } from './forms.schema.ts';
import { OfferSchema } from './memberships.schema.ts';
import { messages } from './messages.ts';
import { GIFT_KINDS } from './gift-shop.ts';
import { LOCALES } from './i18n/locales.ts';

const gift = z.enum(GIFT_KINDS, { error: 'gift must be membership or credit' });
/** The number as typed; the server decides whether it is an Irish mobile number (spec section 5). */
const msisdn = z.string({ error: 'msisdn is required' }).max(30, { error: 'msisdn is too long' });
/** The language of the page the gift is bought on: the buyer's receipt is written in it (else the lang cookie's). */
const language = z.enum(LOCALES, { error: 'language must be en, ga or pl' }).optional();

export const GiftCheckForm = z.object({ msisdn, gift });

export const GiftOrderForm = z.discriminatedUnion(
  'gift',
  [
    z.object({
      gift: z.literal('membership'),
      msisdn,
      sku: z.string().regex(/^[A-Za-z0-9_]{2,20}$/, { error: 'sku is not a membership' }),
      buyer_email: emailRule('buyer_email'),
      language,
    }),
    z.object({
      gift: z.literal('credit'),
      msisdn,
      amount_cents: z.union(
        CREDIT_AMOUNTS_CENTS.map((a) => z.literal(a)),
        { error: 'amount_cents must be one of 500, 1000, 1500, 2000, 3000, 5000' },
      ),
      buyer_email: emailRule('buyer_email'),
      language,
    }),
  ],
  { error: 'gift must be membership or credit' },
);

const endpoint = endpointsOf({ tag: 'Gift shop', access: 'public' });

export const giftShopApi = {
  offers: endpoint({
    id: 'giftOffers',
    method: 'get',
    path: '/panda/public/gifts/offers',
    summary: 'The memberships and credit amounts that can be gifted now',
    answer: payload(z.object({ memberships: z.array(OfferSchema), credit_amounts: z.array(z.number().int()) })),
    description: 'What can be gifted',
  }),
  check: endpoint({
    id: 'checkGiftNumber',
    moves: 'none',
    method: 'post',
    path: '/panda/public/gifts/check',
    summary: 'Whether a number can take the gift (never whose number it is)',
    body: GiftCheckForm,
    answer: payload(z.object({ ok: z.literal(true) })),
    description: 'It can',
    errors: { 409: 'It cannot take this gift' },
  }),
  order: endpoint({
    id: 'orderGift',
    moves: 'none',
    method: 'post',
    path: '/panda/public/gifts/checkouts',
    summary: 'Prepare the card payment of a gift; the receipt goes to buyer_email',
    body: GiftOrderForm,
    status: 201,
    answer: payload(z.object({ checkout_id: z.string(), amount_cents: z.number().int(), url: z.string() })),
    description: 'Prepared',
    errors: { 409: 'The number cannot take this gift' },
  }),
};

/** Spec section 5, word for word. */
export const giftShopFailures = failures('giftShop', {
  invalidNumber: { status: 400, message: messages.invalidNumber },
  cannotLinkMembership: { status: 409, message: messages.cannotLinkMembership },
  cannotTopUp: { status: 409, message: messages.cannotTopUp },
  notOnSale: { status: 409, message: 'That membership cannot be gifted now.' },
});
