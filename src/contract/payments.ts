/** Card payments' plain values (docs/product/money.md), shared by the contract, the server and the browser (no zod here). */

/** Spec section 9: the payment-form containers. */
export const PAYMENT_CONTAINERS = {
  savedCard: 'PANDAOLTREG2',
  newPayment: 'PANDAOLTUNRG2',
  registerCard: 'PANDAOLRGCRD2',
} as const;

/** Spec section 9: the default amount authorised (and released) to register a card, in euro. */
export const SAVE_CARD_AMOUNT_CENTS = 100;

/** What a checkout with the payment provider pays for. */
export const CHECKOUT_PURPOSES = [
  'membership',
  'credit',
  'addon',
  'gift-membership',
  'gift-credit',
  'register-card',
] as const;
export type CheckoutPurpose = (typeof CHECKOUT_PURPOSES)[number];
