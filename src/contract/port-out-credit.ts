/** Credit back after a number moved to another network (docs/product/money.md "Credit back"): plain values (no zod here). */

/** How long after the number left the member may ask for the credit back. */
export const CREDIT_BACK_MONTHS = 12;
/** A card payment older than this can no longer be refunded by the provider: the card is not offered. */
export const CARD_REFUND_DAYS = 180;

/** Where a request stands: offered (not asked yet), requested, paid, refused (the credit came back). */
export const CREDIT_BACK_STATES = ['offered', 'requested', 'paid', 'refused'] as const;
export type CreditBackState = (typeof CREDIT_BACK_STATES)[number];
export const CREDIT_BACK_METHODS = ['card', 'bank'] as const;
export type CreditBackMethod = (typeof CREDIT_BACK_METHODS)[number];

/**
 * SEPA countries outside the EEA: the EPC's rulebook asks the beneficiary bank's BIC (and the payer's
 * address) for a transfer to them. Jersey, Guernsey and the Isle of Man have GB IBANs.
 */
export const NON_EEA_SEPA_COUNTRIES = ['GB', 'CH', 'SM', 'VA', 'MC', 'AD', 'GI'] as const;

/** The ISO 20022 messages finance's file can be made in: since the EPC's 2023 rulebooks, pain.001.001.09. */
export const PAIN_FORMATS = ['pain.001.001.09', 'pain.001.001.03'] as const;
export type PainFormat = (typeof PAIN_FORMATS)[number];
