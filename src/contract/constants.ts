/** Business constants of spec section 9. */
export const KB_PER_GB = 1_048_576;
/** Landline minutes a swapped GB buys (flexible-data.md, Swap). */
export const MINUTES_PER_GB = 100;
export const SESSION_IDLE_MS = 30 * 60_000;
export const SESSION_MAX_MS = 8 * 60 * 60_000;
export const ONBOARD_BUNDLE_SKU = 'BDEG00';
export const FREE_SIM_SKU = 'Pre_Start_3FF_N';
export const SEGMENT_PORTIN = 'PORTIN_IN_PROGRESS';
/** How many free SIMs one member may send a day (recruit and reward). */
export const MGM_DAILY_LIMIT = 3;
/**
 * The base64 AES key of the x-gg-emv header (spec section 9). The browser decrypts the header
 * with it, so it is configuration, not a secret.
 */
export const EMV_KEY_BASE64 = 'NDhwb3J0YWwtZW12LWtleQ==';
/** reCAPTCHA v3 answers scoring below this are refused (spec sections 5 and 9). */
export const CAPTCHA_MIN_SCORE = 0.2;
/** The spec's idle logout (section 9): 1800 seconds without activity. */
export const IDLE_LOGOUT_MS = 1800 * 1000;
/** Activation: how long the portal waits before telling the member to contact support (spec section 9). */
export const ACTIVATION_SUPPORT_HINT_MS = 15 * 60_000;
/** The onboard bundle given with a newly activated SIM. */
export const ONBOARD_BUNDLE_KB = KB_PER_GB;
export const ONBOARD_BUNDLE_DAYS = 30;
/** The credit amounts a member or a gift buyer may choose (money.md), in cents. */
export const CREDIT_AMOUNTS_CENTS = [500, 1000, 1500, 2000, 3000, 5000] as const;
/** Spec section 4, payment types: balance first then card, or the stored card alone. */
export const PAYMENT_TYPES = ['BALANCE_BEFORE_SC', 'STORED_CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
