import type { Words } from '../../contract/i18n/fill.ts';

/* The payment page's words (docs/product/languages.md): formatted at build in the page's language. */
export const PAYMENT_GATEWAY_KEYS = [
  'pay.loading',
  'pay.incomplete',
  'pay.loadFailed',
  'pay.checkFailed',
  'pay.pending',
  'pay.checking',
  'pay.complete',
  'pay.stillPending',
  'pay.failed',
  'pay.bankSaid',
  'pay.thanks',
  'pay.continue',
  'pay.tryAgain',
  'pay.saveCard',
  'pay.pay',
  'pay.billing',
  'pay.addressNotice',
  'pay.street',
  'pay.city',
  'pay.eircode',
  'pay.cancel',
] as const;

export type PaymentGatewayWords = Words<(typeof PAYMENT_GATEWAY_KEYS)[number]>;
