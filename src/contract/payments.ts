/**
 * Card payments: the payment types of spec section 4 and the result codes of spec section 9,
 * shared by the server (which decides) and the browser (which shows the outcome).
 */
export const PAYMENT_TYPES = ['BALANCE_BEFORE_SC', 'STORED_CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/** Spec section 9: the payment-form containers. */
export const PAYMENT_CONTAINERS = { savedCard: 'PANDAOLTREG2', newPayment: 'PANDAOLTUNRG2', registerCard: 'PANDAOLRGCRD2' } as const;

/** Spec section 9: the default amount authorised (and released) to register a card, in euro. */
export const SAVE_CARD_AMOUNT_CENTS = 100;

const SUCCESS = /^(000\.000\.|000\.100\.1|000\.3|000\.6|000\.400\.110|000\.400\.112|000\.400\.120|000\.400\.122)/;
const PENDING = /^000\.200/;

export type ResultKind = 'success' | 'pending' | 'failure';

/** Spec section 9: success is 000.000.000 or one of the success patterns; pending starts 000.200; anything else failed. */
export function classifyResult(code: string): ResultKind {
  if (code === '000.000.000' || SUCCESS.test(code)) return 'success';
  if (PENDING.test(code)) return 'pending';
  return 'failure';
}
