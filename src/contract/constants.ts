/** Business constants of spec section 9. */
export const KB_PER_GB = 1_048_576;
/** Landline minutes a swapped GB buys (docs/product/flexible-data.md, Swap). */
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
/** The credit amounts a member or a gift buyer may choose (docs/product/money.md), in cents. */
export const CREDIT_AMOUNTS_CENTS = [500, 1000, 1500, 2000, 3000, 5000] as const;
/** Spec section 4, payment types: balance first then card, or the stored card alone. */
export const PAYMENT_TYPES = ['BALANCE_BEFORE_SC', 'STORED_CARD'] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number];

/*
 * The values a stored state may take: the API's schemas and the database's checks both read these
 * lists, so a new state is added in one place.
 */
/** A member's legacy pricing (spec section 4). */
export const LEGACY_TYPES = ['LEGACY', 'NEW_NEXT_MONTH'] as const;
/** What the catalogue sells. */
export const PRODUCT_KINDS = ['membership', 'bundle', 'sim', 'addon'] as const;
/** A SIM's state on the network, its kind, and whether the billing platform answers for it. */
export const SIM_STATUSES = ['active', 'activating', 'inactive'] as const;
export const SIM_KINDS = ['physical', 'esim'] as const;
export const BILLING_STATUSES = ['ok', 'unavailable'] as const;
/** A membership running now, queued after it, or over. */
export const MEMBERSHIP_STATUSES = ['current', 'queued', 'past'] as const;
/** A card refund owed to a member: due until the payment provider took it. */
/** A card refund: due, given (done), or given up after the card would not take it (refused). */
export const CARD_REFUND_STATES = ['due', 'done', 'refused'] as const;
/** A card payment's checkout: open on the payment page, pending (3-D Secure, the gateway), applied or failed; a new card or the stored one. */
export const CHECKOUT_STATES = ['open', 'pending', 'applied', 'failed'] as const;
export const CARD_CHOICES = ['new', 'saved'] as const;
/** A SIM order: ordered, a replacement ordered, delivered. */
export const ORDER_STATUSES = ['SIM_ORDERED', 'SIM_REORDERED', 'SIM_DELIVERED'] as const;
/** A referred friend: invited, joined, ordered, reward confirmed, or failed (order cancelled). */
export const REFERRAL_STATUSES = ['registered', 'signed_up', 'ordered', 'confirmed', 'failed'] as const;
/** The account a number moves in from (port-in). */
export const PORT_IN_ACCOUNT_TYPES = ['prepay', 'bill_pay'] as const;
