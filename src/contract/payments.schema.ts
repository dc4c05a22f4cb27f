import { LOCALES } from './i18n/locales.ts';
import { messages } from './messages.ts';
import { stepUpFailures } from './step-up.schema.ts';
import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { CARD_CHOICES, CHECKOUT_STATES, CREDIT_AMOUNTS_CENTS } from './constants.ts';
import { membershipsFailures } from './memberships.schema.ts';
import { sharedFailures } from './common-failures.ts';
import { CHECKOUT_PURPOSES } from './payments.ts';
/**
 * Card payments: the payment types of spec section 4 and the result codes of spec section 9,
 * shared by the server (which decides) and the browser (which shows the outcome).
 */
export { PAYMENT_TYPES, type PaymentType } from './constants.ts';

const SUCCESS = /^(000\.000\.|000\.100\.1|000\.3|000\.6|000\.400\.110|000\.400\.112|000\.400\.120|000\.400\.122)/;
const PENDING = /^000\.200/;

export type ResultKind = 'success' | 'pending' | 'failure';

/** Spec section 9: success is 000.000.000 or one of the success patterns; pending starts 000.200; anything else failed. */
export function classifyResult(code: string): ResultKind {
  if (code === '000.000.000' || SUCCESS.test(code)) return 'success';
  if (PENDING.test(code)) return 'pending';
  return 'failure';
}

// The endpoints of card payments: checkouts for the hosted widget, the stored card, error reports.

export const StoredCardSchema = z
  .object({ brand: z.string(), last4: z.string(), expiry: z.string() })
  .meta({ id: 'StoredCard' });
export type StoredCard = z.infer<typeof StoredCardSchema>;

const CheckoutCreated = payload(z.object({ checkout_id: z.string(), amount_cents: z.number().int(), url: z.string() }));

/**
 * Which card pays (docs/product/money.md): the member's choice travels with the checkout, and the payment page
 * opens on exactly that container: 'new' PANDAOLTUNRG2 (card fields, "save this card"), 'saved'
 * PANDAOLTREG2 (the stored card, its CVV only). Without a choice a new card is asked for, never the
 * stored one.
 */
const CardChoice = z.enum(CARD_CHOICES, { error: 'card must be new or saved' }).default('new');
export type CardChoice = z.infer<typeof CardChoice>;

export const CheckoutBody = z.discriminatedUnion(
  'purpose',
  [
    z.object({
      purpose: z.literal('membership'),
      sku: z.string().regex(/^[A-Za-z0-9_]{2,20}$/, { error: 'sku is not a product' }),
      recurrence_enabled: z.boolean().default(false),
      save_card: z.boolean().default(false),
      card: CardChoice,
    }),
    z.object({
      purpose: z.literal('addon'),
      sku: z.enum(['BDAO05', 'BDAO10'], { error: 'sku must be BDAO05 or BDAO10' }),
      save_card: z.boolean().default(false),
      card: CardChoice,
    }),
    z.object({
      purpose: z.literal('credit'),
      amount_cents: z.union(
        CREDIT_AMOUNTS_CENTS.map((a) => z.literal(a)),
        { error: 'amount_cents must be one of 500, 1000, 1500, 2000, 3000, 5000' },
      ),
      save_card: z.boolean().default(false),
      card: CardChoice,
    }),
  ],
  { error: 'purpose must be membership, addon or credit' },
);

export const ResultSchema = z.object({
  state: z.enum(['success', 'pending', 'failure']),
  code: z.string(),
  description: z.string(),
  purpose: z.enum(CHECKOUT_PURPOSES),
  /** Where the member goes on from the result. */
  next: z.string(),
});
export type PaymentResult = z.infer<typeof ResultSchema>;

const endpoint = endpointsOf({ tag: 'Payments', access: 'member' });

export const paymentsApi = {
  createCheckout: endpoint({
    id: 'createCheckout',
    moves: 'money',
    method: 'post',
    path: '/panda/protected/users/{user_id}/sims/{ssn}/checkouts',
    summary:
      'Prepare a card payment for a membership, an add-on or credit (what credit does not pay); the browser opens /payment-gateway/ with it',
    body: CheckoutBody,
    status: 201,
    answer: CheckoutCreated,
    description: 'Prepared',
    errors: {
      409: 'It cannot be bought now (a membership is queued, no current membership for an add-on, credit covers it, or card is saved and no card is stored)',
    },
  }),
  registerCard: endpoint({
    id: 'registerCard',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/cards/checkouts',
    summary: 'Prepare a card registration (an authorisation of €1, released at once) in the PANDAOLRGCRD2 container',
    status: 201,
    answer: CheckoutCreated,
    description: 'Prepared',
    stepUp: 'card',
    errors: { 403: 'Replacing a stored card needs a good step-up code' },
  }),
  storedCard: endpoint({
    id: 'storedCard',
    method: 'get',
    path: '/panda/protected/users/{user_id}/cards',
    summary: 'The stored card: brand, last four digits, expiry (never the number)',
    answer: payload(z.object({ card: StoredCardSchema.nullable() })),
    description: 'The card or null',
  }),
  removeCard: endpoint({
    id: 'removeCard',
    moves: 'once',
    method: 'delete',
    path: '/panda/protected/users/{user_id}/cards',
    summary: 'Remove the stored card (step-up code)',
    answer: payload(z.object({ card: z.null() })),
    description: 'Removed',
    stepUp: 'card',
    errors: { 403: 'No good step-up code' },
  }),
  checkout: endpoint({
    id: 'checkout',
    method: 'get',
    path: '/panda/public/checkouts/{checkout_id}',
    access: 'public',
    summary:
      'A prepared card payment as the payment page shows it: what it pays for, the amount, the container and the widget script',
    params: z.object({ checkout_id: z.uuid({ error: 'checkout_id is not a checkout' }) }),
    /** The language of the payment page: what is paid for is said in it; else the visitor's choice, else English. */
    query: z.object({ language: z.enum(LOCALES, { error: 'language must be en, ga or pl' }).optional() }),
    answer: payload(
      z.object({
        checkout_id: z.string(),
        purpose: z.enum(CHECKOUT_PURPOSES),
        description: z.string(),
        amount_cents: z.number().int(),
        state: z.enum(CHECKOUT_STATES),
        container: z.enum(['PANDAOLTUNRG2', 'PANDAOLTREG2', 'PANDAOLRGCRD2']),
        script_url: z.string(),
      }),
    ),
    description: 'The checkout',
    errors: { 404: 'No such checkout' },
  }),
  checkoutResult: endpoint({
    id: 'checkoutResult',
    moves: 'money',
    method: 'post',
    path: '/panda/public/checkouts/{checkout_id}/result',
    access: 'public',
    summary:
      'Look the result up with the provider and apply what was paid for, once per checkout however often this is called',
    params: z.object({ checkout_id: z.uuid({ error: 'checkout_id is not a checkout' }) }),
    answer: payload(ResultSchema),
    description: 'Success, pending or failure with the provider’s description',
    errors: { 404: 'No such checkout' },
  }),
  reportError: endpoint({
    id: 'reportPaymentError',
    moves: 'none',
    method: 'post',
    path: '/payment/error',
    access: 'public',
    summary: 'A 3-D Secure or widget error, reported without any card data (card logging is off)',
    body: z.object({
      step: z.enum(['init', 'setup', 'continue', 'validate']),
      result: z.enum(['success', 'no-action', 'failure', 'error']),
      message: z.string().max(500).default(''),
    }),
    answer: payload(z.object({ received: z.literal(true) })),
    description: 'Logged',
  }),
};

export const paymentsFailures = failures('payments', {
  ...stepUpFailures,
  /** The message names the limit and what is left: spendLimitMessage in security.ts. */
  overSpendLimit: sharedFailures.overSpendLimit,
  simBlocked: { status: 423, message: messages.simBlocked },
  notOnSale: { status: 409, message: 'That cannot be bought for this SIM now.' },
  alreadyQueued: membershipsFailures.alreadyQueued,
  needsMembership: membershipsFailures.needsMembership,
  creditCovers: { status: 409, message: 'Your credit pays for this; no card payment is needed.' },
  noBalance: sharedFailures.detailsMissing,
  noStoredCard: { status: 409, message: 'You have no saved card. Please choose a new card.' },
  /** Replacing a saved card needs a code (Settings → Payment details), never a payment's tick box. */
  cardAlreadySaved: {
    status: 409,
    message: 'You already have a saved card. To replace it, go to Settings → Payment details.',
  },
  noSuchCheckout: { status: 404, message: 'This payment has expired or does not exist. Please start again.' },
});
