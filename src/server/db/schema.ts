import { relations, sql, type SQL } from 'drizzle-orm';
import { ALERT_CAUSES } from '../../contract/alerts.schema.ts';
import {
  ALL_TICKET_STATES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  COMPLAINT_STATES,
  CONTACT_TOPICS,
  TICKET_ENTRY_AUTHORS,
  TICKET_ENTRY_KINDS,
  TICKET_KINDS,
  TICKET_STATES,
} from '../../contract/contact.ts';
import { MONTHLY_ACTIONS } from '../../contract/flexi-data.schema.ts';
import { CHECKOUT_PURPOSES } from '../../contract/payments.schema.ts';
import { PORT_IN_STATUSES, PORT_IN_STEPS } from '../../contract/sim-settings.schema.ts';
import { STEP_UP_PURPOSES } from '../../contract/step-up.schema.ts';
import { DEFAULT_ROAMING_CAP_CENTS, ROAMING_CAP_CHOICES, ROAMING_ZONES } from '../../contract/roaming.ts';
import {
  BILLING_STATUSES,
  CARD_CHOICES,
  CHECKOUT_STATES,
  LEGACY_TYPES,
  MEMBERSHIP_STATUSES,
  ORDER_STATUSES,
  PORT_IN_ACCOUNT_TYPES,
  PRODUCT_KINDS,
  REFERRAL_STATUSES,
  SIM_KINDS,
  SIM_STATUSES,
} from '../../contract/constants.ts';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

/** A SQL list of these values, for a check or an index (the lists come from the contract, said once). */
const valuesOf = (values: readonly string[]) =>
  sql.raw(`(${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')})`);
/** A check that a column holds one of these values. */
const oneOf = (name: string, column: AnyPgColumn, values: readonly string[]) =>
  check(name, sql`${column} in ${valuesOf(values)}`);

/** Values only the server stores: e-mail tokens, referral-service calls, passkey challenges. */
const EMAIL_TOKEN_PURPOSES = ['verify', 'reset', 'change'] as const;
const REFERRAL_CALLS = ['registrations', 'track', 'signups', 'confirmations', 'forget'] as const;
const WEBAUTHN_PURPOSES = ['register', 'sign-in'] as const;
/** A port-in not yet completed, rejected or cancelled (one open request a member). */
const PORT_IN_OPEN = PORT_IN_STEPS.filter((s) => s !== 'completed');

/**
 * The panda database. Rules that protect money and allowances are constraints here, not
 * only checks in code: a balance can never go negative, usage never passes its allowance,
 * an e-mail address exists once whatever its case, and a SIM has one flexible-data action a month.
 */

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const members = pgTable(
  'members',
  {
    id: serial('id').primaryKey(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    nickname: text('nickname').notNull(),
    isVerified: boolean('is_verified').notNull().default(false),
    isPasswordCompliant: boolean('is_password_compliant').notNull().default(true),
    firstLogin: boolean('first_login').notNull().default(true),
    captureMarketingPermissions: boolean('capture_marketing_permissions').notNull().default(false),
    referredBy: text('referred_by'),
    isNewMembership: boolean('is_new_membership').notNull().default(false),
    role: text('role').notNull().default('customer'),
    legacyType: text('legacy_type', { enum: LEGACY_TYPES }),
    /** The member's id in recruit links (/friend?affiliateId=…): random, given on first use, never reused. */
    affiliateId: text('affiliate_id'),
    /** The member's own monthly limit on card spending (member-controls.md), from €5; null is none. */
    spendLimitCents: integer('spend_limit_cents'),
    /** Set when the account was deleted: the row stays, without the person, for the amounts the law keeps. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('members_affiliate_id_unique').on(t.affiliateId),
    check('members_affiliate_id_shape', sql`${t.affiliateId} is null or ${t.affiliateId} ~ '^[A-Za-z0-9]{6,32}$'`),
    check('members_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$' and length(${t.email}) <= 254`),
    check('members_spend_limit', sql`${t.spendLimitCents} is null or ${t.spendLimitCents} >= 500`),
    check('members_legacy_type', sql`${t.legacyType} is null or ${t.legacyType} in ${valuesOf(LEGACY_TYPES)}`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** SHA-256 of the x-gg-auth token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    /** SHA-256 of the HttpOnly binding cookie that ties the session to one browser. */
    bindingHash: text('binding_hash').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at').notNull(),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('sessions_token_hash_unique').on(t.tokenHash),
    index('sessions_member_idx').on(t.memberId),
    // Pruning: sessions by age (services/retention.ts).
    index('sessions_created_idx').on(t.createdAt),
  ],
);

export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    days: integer('days').notNull(),
    /** Allowances; null means unlimited. */
    dataKb: bigint('data_kb', { mode: 'number' }),
    fupKb: bigint('fup_kb', { mode: 'number' }),
    mobileMinutes: integer('mobile_minutes'),
    landlineMinutes: integer('landline_minutes'),
    texts: integer('texts'),
  },
  (t) => [
    oneOf('products_kind', t.kind, PRODUCT_KINDS),
    check('products_price', sql`${t.priceCents} >= 0`),
    check('products_days', sql`${t.days} >= 0`),
  ],
);

export const sims = pgTable(
  'sims',
  {
    ssn: text('ssn').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    msisdn: text('msisdn'),
    product: text('product').notNull(),
    requester: text('requester').notNull().default('1'),
    status: text('status', { enum: SIM_STATUSES }).notNull(),
    puk: text('puk').notNull(),
    /** The billing platform behind this SIM: 'ok', or 'unavailable' while it does not answer. */
    billingStatus: text('billing_status', { enum: BILLING_STATUSES }).notNull().default('ok'),
    /** Reported lost or stolen: nothing may be bought, moved or ordered with it until it is unblocked. */
    blockedAt: ts('blocked_at'),
    /** A physical card or an eSIM profile; an eSIM has its activation code (LPA:1$<SM-DP+>$<matching id>). */
    kind: text('kind', { enum: SIM_KINDS }).notNull().default('physical'),
    esimActivationCode: text('esim_activation_code'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sims_msisdn_unique').on(t.msisdn),
    index('sims_member_idx').on(t.memberId),
    oneOf('sims_status', t.status, SIM_STATUSES),
    check(
      'sims_kind',
      sql`${t.kind} in ${valuesOf(SIM_KINDS)} and (${t.kind} = 'esim') = (${t.esimActivationCode} is not null)`,
    ),
    oneOf('sims_billing_status', t.billingStatus, BILLING_STATUSES),
    check('sims_msisdn_shape', sql`${t.msisdn} is null or ${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

export const segments = pgTable(
  'segments',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    segmentType: text('segment_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.segmentType] })],
);

/** Credit of one SIM. A SIM without a balance row is one whose account details are missing. */
export const balances = pgTable(
  'balances',
  {
    ssn: text('ssn')
      .primaryKey()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    creditCents: integer('credit_cents').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('balances_credit_not_negative', sql`${t.creditCents} >= 0`)],
);

/**
 * A current membership with an allowance whose own data used (with what moved out) passed 80 % or
 * 100 % of it (with what moved in) beyond the data alert last raised: the alerts job's query and its
 * partial index say it in the same words, so the planner can prove the index answers it.
 */
export function dataAlertDue(t: {
  status: AnyPgColumn;
  dataMaxKb: AnyPgColumn;
  dataUsedKb: AnyPgColumn;
  dataOutKb: AnyPgColumn;
  dataInKb: AnyPgColumn;
  dataAlertedPercent: AnyPgColumn;
}): SQL {
  const used = sql`(${t.dataUsedKb} + ${t.dataOutKb})`;
  const allowance = sql`(${t.dataMaxKb} + ${t.dataInKb})`;
  return sql`${t.status} = 'current' and ${t.dataMaxKb} > 0 and ((${t.dataAlertedPercent} < 80 and ${used} * 5 >= ${allowance} * 4) or (${t.dataAlertedPercent} < 100 and ${used} >= ${allowance}))`;
}

export const memberships = pgTable(
  'memberships',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    status: text('status', { enum: MEMBERSHIP_STATUSES }).notNull(),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    recurrenceEnabled: boolean('recurrence_enabled').notNull().default(false),
    recurrenceSku: text('recurrence_sku').references(() => products.sku),
    /** Allowances copied from the product at purchase (null = unlimited) and what is used of them. */
    dataMaxKb: bigint('data_max_kb', { mode: 'number' }),
    dataUsedKb: bigint('data_used_kb', { mode: 'number' }).notNull().default(0),
    fupMaxKb: bigint('fup_max_kb', { mode: 'number' }),
    fupUsedKb: bigint('fup_used_kb', { mode: 'number' }).notNull().default(0),
    carryoverKb: bigint('carryover_kb', { mode: 'number' }).notNull().default(0),
    carryoverUsedKb: bigint('carryover_used_kb', { mode: 'number' }).notNull().default(0),
    roamingMaxKb: bigint('roaming_max_kb', { mode: 'number' }).notNull().default(0),
    roamingUsedKb: bigint('roaming_used_kb', { mode: 'number' }).notNull().default(0),
    mobileMinutesMax: integer('mobile_minutes_max'),
    mobileMinutesUsed: integer('mobile_minutes_used').notNull().default(0),
    landlineMinutesMax: integer('landline_minutes_max'),
    landlineMinutesUsed: integer('landline_minutes_used').notNull().default(0),
    textsMax: integer('texts_max'),
    textsUsed: integer('texts_used').notNull().default(0),
    /** Data of add-ons bought for this membership (they end with it); counts in max_data and left_data. */
    addonKb: bigint('addon_kb', { mode: 'number' }).notNull().default(0),
    /**
     * Flexible data (flexible-data.md): own data moved out (carried over, donated, saved, swapped,
     * lent, shared) and data moved in for good (unlocked from The Safe, shared by another member,
     * lent data coming back). Own data left = max + in - used - out, never below zero (a check).
     */
    dataOutKb: bigint('data_out_kb', { mode: 'number' }).notNull().default(0),
    dataInKb: bigint('data_in_kb', { mode: 'number' }).notNull().default(0),
    /** Data carried over in this membership for the next one: it joins the next membership if that starts when this one ends. */
    carryForwardKb: bigint('carry_forward_kb', { mode: 'number' }).notNull().default(0),
    /**
     * What the alerts job has done for this membership, so that each minute it reads only the
     * memberships with something new to say (a partial index each) rather than every current one:
     * the data alert last raised (0, 80 or 100 %), whether the renewal reminder went out, and
     * whether the stored card was checked against its end (set back when a card is stored).
     */
    dataAlertedPercent: smallint('data_alerted_percent').notNull().default(0),
    reminded: boolean('reminded').notNull().default(false),
    cardChecked: boolean('card_checked').notNull().default(false),
  },
  (t) => [
    index('memberships_ssn_idx').on(t.ssn),
    // The alerts job's three scans: memberships past a data threshold not yet alerted, memberships
    // not yet reminded (by end date), renewing memberships whose card was not checked.
    index('memberships_data_alert_due_idx').on(t.id).where(dataAlertDue(t)),
    index('memberships_reminder_due_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'current' and not ${t.reminded}`),
    index('memberships_card_check_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'current' and ${t.recurrenceEnabled} and not ${t.cardChecked}`),
    // The renewals job's scan each minute (current ones that have ended) and the reminders' (ending
    // soon): by end date among the current ones only, not every membership a network ever had.
    index('memberships_current_ends_idx')
      .on(t.endsAt)
      .where(sql`${t.status} = 'current'`),
    // At most one current and one queued membership per SIM.
    uniqueIndex('memberships_one_current')
      .on(t.ssn)
      .where(sql`${t.status} = 'current'`),
    uniqueIndex('memberships_one_queued')
      .on(t.ssn)
      .where(sql`${t.status} = 'queued'`),
    oneOf('memberships_status', t.status, MEMBERSHIP_STATUSES),
    check('memberships_period', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'memberships_data_used',
      sql`${t.dataUsedKb} >= 0 and ${t.dataOutKb} >= 0 and ${t.dataInKb} >= 0 and ${t.carryForwardKb} >= 0
        and (${t.dataMaxKb} is null or ${t.dataUsedKb} + ${t.dataOutKb} <= ${t.dataMaxKb} + ${t.dataInKb})`,
    ),
    check(
      'memberships_fup_used',
      sql`${t.fupUsedKb} >= 0 and (${t.fupMaxKb} is null or ${t.fupUsedKb} <= ${t.fupMaxKb})`,
    ),
    check('memberships_carryover_used', sql`${t.carryoverUsedKb} >= 0 and ${t.carryoverUsedKb} <= ${t.carryoverKb}`),
    check('memberships_roaming_used', sql`${t.roamingUsedKb} >= 0 and ${t.roamingUsedKb} <= ${t.roamingMaxKb}`),
    check(
      'memberships_minutes_used',
      sql`${t.mobileMinutesUsed} >= 0 and (${t.mobileMinutesMax} is null or ${t.mobileMinutesUsed} <= ${t.mobileMinutesMax})
        and ${t.landlineMinutesUsed} >= 0 and (${t.landlineMinutesMax} is null or ${t.landlineMinutesUsed} <= ${t.landlineMinutesMax})`,
    ),
    check(
      'memberships_texts_used',
      sql`${t.textsUsed} >= 0 and (${t.textsMax} is null or ${t.textsUsed} <= ${t.textsMax})`,
    ),
    check('memberships_addon', sql`${t.addonKb} >= 0`),
  ],
);

export const goodyBags = pgTable(
  'goody_bags',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    productSku: text('product_sku')
      .notNull()
      .references(() => products.sku),
    maxOnboardKb: bigint('max_onboard_kb', { mode: 'number' }).notNull(),
    onboardKb: bigint('onboard_kb', { mode: 'number' }).notNull(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [
    index('goody_bags_ssn_idx').on(t.ssn),
    check('goody_bags_onboard', sql`${t.onboardKb} >= 0 and ${t.onboardKb} <= ${t.maxOnboardKb}`),
  ],
);

/** Every movement of money or allowance, append-only. */
export const ledger = pgTable(
  'ledger',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    occurredAt: ts('occurred_at').notNull(),
    kind: text('kind').notNull(),
    description: text('description').notNull(),
    creditDeltaCents: integer('credit_delta_cents').notNull().default(0),
    dataDeltaKb: bigint('data_delta_kb', { mode: 'number' }).notNull().default(0),
    /** What the card paid for this cause (cents); credit_delta_cents is what credit paid or received. */
    cardCents: integer('card_cents').notNull().default(0),
    /** The cause (purchase:…, checkout:…, renewal:<ssn>:<period>): one row per cause, by a unique index. */
    reference: text('reference'),
    /** The card that paid card_cents (receipts): the brand and last four digits, never more. */
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
  },
  (t) => [
    check('ledger_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    // A SIM's movements newest first, and a page of them from where the last ended (time, then id).
    index('ledger_ssn_time_id_idx').on(t.ssn, t.occurredAt, t.id),
    uniqueIndex('ledger_one_row_per_cause').on(t.reference),
    check('ledger_card_cents', sql`${t.cardCents} >= 0`),
  ],
);

/** A member's stored card: the provider's registration token and what identifies it to a person, never the number. */
export const storedCards = pgTable(
  'stored_cards',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** MM/YY */
    expiry: text('expiry').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    check('stored_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('stored_cards_expiry', sql`${t.expiry} ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'`),
  ],
);

/**
 * A card payment prepared with the provider (money.md, hosted widget): what it pays for, for whom,
 * the amount the card pays and the credit part planned. Applied once: the state moves to
 * 'applied' in the transaction that applies the purchase, whatever loads the result address.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: text('id').primaryKey(),
    /** The member paying (null for a visitor buying a gift). */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** The SIM it is for (the recipient's for a gift; null when registering a card). */
    ssn: text('ssn').references(() => sims.ssn, { onDelete: 'set null' }),
    purpose: text('purpose', { enum: CHECKOUT_PURPOSES }).notNull(),
    sku: text('sku').references(() => products.sku),
    amountCents: integer('amount_cents').notNull(),
    creditCents: integer('credit_cents').notNull().default(0),
    recurrence: boolean('recurrence').notNull().default(false),
    saveCard: boolean('save_card').notNull().default(false),
    /** The card the member chose to pay with (money.md): 'new' (PANDAOLTUNRG2) or their stored card, 'saved' (PANDAOLTREG2). */
    card: text('card', { enum: CARD_CHOICES }).notNull().default('new'),
    buyerEmail: text('buyer_email'),
    providerId: text('provider_id').notNull(),
    state: text('state', { enum: CHECKOUT_STATES }).notNull().default('open'),
    resultCode: text('result_code'),
    resultDescription: text('result_description'),
    createdAt: ts('created_at').notNull(),
    appliedAt: ts('applied_at'),
  },
  (t) => [
    uniqueIndex('checkouts_provider_unique').on(t.providerId),
    oneOf('checkouts_purpose', t.purpose, CHECKOUT_PURPOSES),
    oneOf('checkouts_state', t.state, CHECKOUT_STATES),
    oneOf('checkouts_card', t.card, CARD_CHOICES),
    check('checkouts_amount', sql`${t.amountCents} > 0 and ${t.creditCents} >= 0`),
  ],
);

/** A request that moved (or tried to move) money, by its Idempotency-Key: a repeat gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    status: integer('status'),
    body: text('body'),
    createdAt: ts('created_at').notNull(),
  },
  // The minute's job removes keys past their day by age.
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);

export const dailyUsage = pgTable(
  'daily_usage',
  {
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    texts: integer('texts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ssn, t.day] }),
    check('daily_usage_not_negative', sql`${t.dataKb} >= 0 and ${t.minutes} >= 0 and ${t.texts} >= 0`),
  ],
);

/** The Safe of a SIM: data saved from a membership, unlocked into a later one at any time. */
export const vaults = pgTable(
  'vaults',
  {
    ssn: text('ssn')
      .primaryKey()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    balanceKb: bigint('balance_kb', { mode: 'number' }).notNull().default(0),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [check('vaults_balance_not_negative', sql`${t.balanceKb} >= 0`)],
);

/**
 * Data lent with Spot me: it counts for the borrower until `ends_at`; then what the borrower has not
 * used goes back to the lender (returned_at set once, by the scheduled job).
 */
export const spotLoans = pgTable(
  'spot_loans',
  {
    id: serial('id').primaryKey(),
    lenderSsn: text('lender_ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    borrowerSsn: text('borrower_ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull(),
    usedKb: bigint('used_kb', { mode: 'number' }).notNull().default(0),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    returnedAt: ts('returned_at'),
    returnedKb: bigint('returned_kb', { mode: 'number' }),
  },
  (t) => [
    index('spot_loans_borrower_idx').on(t.borrowerSsn, t.endsAt),
    index('spot_loans_open_idx')
      .on(t.endsAt)
      .where(sql`${t.returnedAt} is null`),
    check('spot_loans_not_to_self', sql`${t.lenderSsn} <> ${t.borrowerSsn}`),
    check('spot_loans_data', sql`${t.dataKb} > 0 and ${t.usedKb} >= 0 and ${t.usedKb} <= ${t.dataKb}`),
    check('spot_loans_period', sql`${t.endsAt} > ${t.startsAt}`),
    check(
      'spot_loans_returned',
      sql`${t.returnedKb} is null or (${t.returnedKb} >= 0 and ${t.returnedKb} <= ${t.dataKb} - ${t.usedKb})`,
    ),
  ],
);

/** Gifts to the 48 community pool: in euro before the donation conversion date (21.04.2020), in data after. */
export const donations = pgTable(
  'donations',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    occurredAt: ts('occurred_at').notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }),
    amountCents: integer('amount_cents'),
  },
  (t) => [
    index('donations_ssn_time_idx').on(t.ssn, t.occurredAt),
    check('donations_one_unit', sql`(${t.dataKb} is null) <> (${t.amountCents} is null)`),
    check('donations_positive', sql`coalesce(${t.dataKb}, ${t.amountCents}) > 0`),
  ],
);

/** One carryover, donate or safe action per SIM per calendar month (spec section 4). */
export const flexiActions = pgTable(
  'flexi_actions',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    action: text('action', { enum: [...MONTHLY_ACTIONS] }).notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('flexi_actions_once_a_month').on(t.ssn, t.month),
    oneOf('flexi_actions_action', t.action, MONTHLY_ACTIONS),
    check('flexi_actions_month', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('flexi_actions_data', sql`${t.dataKb} > 0`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('notifications_member_time_idx').on(t.memberId, t.createdAt, t.id)],
);

export const marketingPermissions = pgTable('marketing_permissions', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  email: boolean('email').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  phone: boolean('phone').notNull().default(false),
  post: boolean('post').notNull().default(false),
  social: boolean('social').notNull().default(false),
  socialPreference: text('social_preference').notNull().default('Snapchat'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * How a member wants to be contacted (customer-care.md, settings → How we contact you): what a
 * vulnerable customer needs from us, shown to the agent with every ticket they open.
 */
export const contactPreferences = pgTable(
  'contact_preferences',
  {
    memberId: integer('member_id')
      .primaryKey()
      .references(() => members.id, { onDelete: 'cascade' }),
    largePrint: boolean('large_print').notNull().default(false),
    noPhoneCalls: boolean('no_phone_calls').notNull().default(false),
    emailOnly: boolean('email_only').notNull().default(false),
    representativeName: text('representative_name'),
    representativeRelationship: text('representative_relationship'),
    notes: text('notes'),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    check(
      'contact_preferences_representative',
      sql`(${t.representativeName} is null) = (${t.representativeRelationship} is null)`,
    ),
    check(
      'contact_preferences_lengths',
      sql`coalesce(length(${t.notes}), 0) <= 500 and coalesce(length(${t.representativeName}), 0) <= 100 and coalesce(length(${t.representativeRelationship}), 0) <= 60`,
    ),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    channel: text('channel').notNull().default('web'),
    shippingType: text('shipping_type'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postcode: text('postcode'),
    /** Recruit orders: the member who recruits (the sender of a free SIM, or the friend's recruiter for mates rates). */
    recruiterMemberId: integer('recruiter_member_id').references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    /** Mates-rates orders (spec section 3): the customer's IP address the order was placed from. */
    ip: text('ip'),
    createdAt: ts('created_at').notNull(),
    /** When the carrier took the SIM (customer-care.md); null while it waits in the warehouse. */
    dispatchedAt: ts('dispatched_at'),
    /** When it arrived (the carrier's word, or the member activated it): status SIM_DELIVERED. */
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('orders_member_time_idx').on(t.memberId, t.createdAt),
    // The delivery job's scan: only orders on their way, oldest first.
    index('orders_on_the_way_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('SIM_ORDERED', 'SIM_REORDERED')`),
    check('orders_delivered_when', sql`(${t.status} = 'SIM_DELIVERED') = (${t.deliveredAt} is not null)`),
    index('orders_recruiter_time_idx').on(t.recruiterMemberId, t.createdAt),
    oneOf('orders_status', t.status, ORDER_STATUSES),
    // One free SIM on its way per member: a second order while the first is open is refused by the database.
    uniqueIndex('orders_one_open_free_sim')
      .on(t.memberId)
      .where(sql`${t.sku} = 'Pre_Start_3FF_N' and ${t.status} = 'SIM_ORDERED'`),
    // One replacement SIM on its way per member.
    uniqueIndex('orders_one_open_replacement')
      .on(t.memberId)
      .where(sql`${t.status} = 'SIM_REORDERED'`),
    check('orders_quantity', sql`${t.quantity} between 1 and 10`),
  ],
);

/** Single-use e-mail tokens: a link token and a typed code for verification, a link token for password reset. */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: EMAIL_TOKEN_PURPOSES }).notNull(),
    tokenHash: text('token_hash').notNull(),
    codeHash: text('code_hash'),
    /** A change's new address: it takes effect only when the token or code sent to it is used. */
    email: text('email'),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [
    uniqueIndex('email_tokens_token_hash_unique').on(t.tokenHash),
    index('email_tokens_member_idx').on(t.memberId, t.purpose),
    oneOf('email_tokens_purpose', t.purpose, EMAIL_TOKEN_PURPOSES),
    check('email_tokens_change_address', sql`(${t.purpose} = 'change') = (${t.email} is not null)`),
  ],
);

/** Mail waiting for a mail server; readable at /sandbox/mail while none is configured. */
/**
 * Help-desk tickets and complaints (customer-care.md): what a visitor or member sent from
 * /contact-us or my48 → Support, with its reference (48-T-… or 48-C-…, from the id). Kept here
 * first, so nothing is lost when the help desk is away; `forwarded_at` says when the help desk has
 * it. A complaint carries the complaints code's clock: the day its response is due (working day 10,
 * or the date an update gave), when it was closed (kept a year after), an escalation on request.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial('id').primaryKey(),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    state: text('state', { enum: ALL_TICKET_STATES }).notNull().default('open'),
    /** Who wrote: a member's account (kept when they delete it: set null), their name and address as given. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    createdAt: ts('created_at').notNull(),
    /** The last entry's time: a ticket with nothing new for a year is removed. */
    updatedAt: ts('updated_at').notNull(),
    /** A complaint's response is due on this Irish day (working day 10, or the date of the last update). */
    dueOn: date('due_on', { mode: 'string' }),
    /** When the first response was sent (the ComReg card shows from then). */
    respondedAt: ts('responded_at'),
    closedAt: ts('closed_at'),
    forwardedAt: ts('forwarded_at'),
    /** The help desk's own id for the ticket, when it gave one (its comments are read by it). */
    deskId: text('desk_id'),
    /** A member's request for a team lead, and when the help desk was told of it. */
    escalatedAt: ts('escalated_at'),
    escalationForwardedAt: ts('escalation_forwarded_at'),
  },
  (t) => [
    uniqueIndex('tickets_reference_idx').on(t.reference),
    index('tickets_email_idx').on(t.email, t.createdAt),
    index('tickets_member_idx').on(t.memberId, t.id),
    index('tickets_unforwarded_idx')
      .on(t.id)
      .where(sql`${t.forwardedAt} is null`),
    index('tickets_escalation_unforwarded_idx')
      .on(t.id)
      .where(sql`${t.escalatedAt} is not null and ${t.escalationForwardedAt} is null`),
    index('tickets_updated_idx').on(t.updatedAt),
    // The messages still waiting for a first answer (a minute job turns them into complaints on working day 2).
    index('tickets_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'ticket' and ${t.state} = 'open'`),
    index('tickets_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    oneOf('tickets_kind', t.kind, TICKET_KINDS),
    oneOf('tickets_topic', t.topic, CONTACT_TOPICS),
    check(
      'tickets_state',
      sql`(${t.kind} = 'ticket' and ${t.state} in ${valuesOf(TICKET_STATES)}) or (${t.kind} = 'complaint' and ${t.state} in ${valuesOf(COMPLAINT_STATES)})`,
    ),
    check('tickets_complaint_due', sql`(${t.kind} = 'complaint') = (${t.dueOn} is not null)`),
    check('tickets_closed_at', sql`(${t.state} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/**
 * A ticket's timeline: the customer's message and the agents' answers, or a complaint's steps
 * (received, acknowledged, updates, the response, an escalation, closing). Plain text, never HTML.
 */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: serial('id').primaryKey(),
    ticketId: integer('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    author: text('author', { enum: TICKET_ENTRY_AUTHORS }).notNull(),
    kind: text('kind', { enum: TICKET_ENTRY_KINDS }).notNull(),
    body: text('body').notNull(),
    /** An update's new date for the response. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The help desk's comment this entry came from: each is taken once. */
    deskCommentId: text('desk_comment_id'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('ticket_entries_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('ticket_entries_desk_comment_idx').on(t.ticketId, t.deskCommentId),
    oneOf('ticket_entries_author', t.author, TICKET_ENTRY_AUTHORS),
    oneOf('ticket_entries_kind', t.kind, TICKET_ENTRY_KINDS),
  ],
);

/** Raw bytes (an attachment's content). */
const bytes = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Files a person attached to a message (customer-care.md: images and PDF, checked by content, 5 MB
 * each): uploaded first under an unguessable token, joined to the ticket when the message is sent,
 * removed with it; an upload no message claimed within the hour is removed by the minute job.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial('id').primaryKey(),
    /** The upload's handle, given to the browser that sent it: a capability, never exported. */
    token: text('token').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** The type its content showed (its first bytes), never the type the sender claimed. */
    contentType: text('content_type', { enum: ATTACHMENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    data: bytes('data').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('ticket_attachments_token_idx').on(t.token),
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    index('ticket_attachments_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.ticketId} is null`),
    oneOf('ticket_attachments_type', t.contentType, ATTACHMENT_TYPES),
    check('ticket_attachments_size', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(ATTACHMENT_MAX_BYTES))}`),
    check('ticket_attachments_filename', sql`length(${t.filename}) between 1 and 120`),
  ],
);

export const outbox = pgTable(
  'outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    /** Delivery over SMTP (production.md): tries so far (at most 5), the last error, when to try again, and a sender's claim. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    claimedUntil: ts('claimed_until'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    // Pruning: mail sent long ago (services/retention.ts).
    index('outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * SIM cards made and shipped but not yet linked to a member. Activation moves a card from here
 * to `sims` in one transaction, so a card can be activated once.
 */
export const simStock = pgTable(
  'sim_stock',
  {
    ssn: text('ssn').primaryKey(),
    msisdn: text('msisdn').notNull(),
    puk: text('puk').notNull(),
    product: text('product').notNull(),
    /** The recruit order this card was sent with (its activation is the friend's). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sim_stock_msisdn_unique').on(t.msisdn),
    uniqueIndex('sim_stock_one_card_per_order').on(t.orderId),
    check('sim_stock_msisdn_shape', sql`${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

/**
 * A friend recruited (recruit and reward): one per recruit order. The friend is known at the
 * order for mates rates, at activation of the card for a free SIM sent; the reward is paid once
 * (rewarded_at, and the ledger's unique cause recruit:<id>).
 */
export const recruits = pgTable(
  'recruits',
  {
    id: serial('id').primaryKey(),
    recruiterMemberId: integer('recruiter_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    friendMemberId: integer('friend_member_id').references(() => members.id, { onDelete: 'set null' }),
    friendName: text('friend_name').notNull(),
    /** The SIM card sent (free SIM), so the recruiter can follow it. */
    simSsn: text('sim_ssn'),
    createdAt: ts('created_at').notNull(),
    activatedAt: ts('activated_at'),
    rewardedAt: ts('rewarded_at'),
    rewardCents: integer('reward_cents').notNull().default(0),
  },
  (t) => [
    index('recruits_recruiter_idx').on(t.recruiterMemberId, t.createdAt),
    uniqueIndex('recruits_one_per_order').on(t.orderId),
    // A friend is recruited once, by one recruiter.
    uniqueIndex('recruits_one_per_friend').on(t.friendMemberId),
    check('recruits_not_self', sql`${t.friendMemberId} is null or ${t.friendMemberId} <> ${t.recruiterMemberId}`),
    check('recruits_reward', sql`${t.rewardCents} >= 0 and (${t.rewardedAt} is null or ${t.activatedAt} is not null)`),
  ],
);

/**
 * Referrals through the referral service (Buyapowa-style): a friend the member referred by
 * e-mail, and how far they got. The service is told at each step; this is our own record.
 */
export const referrals = pgTable(
  'referrals',
  {
    id: serial('id').primaryKey(),
    referrerMemberId: integer('referrer_member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    friendEmail: text('friend_email').notNull(),
    friendName: text('friend_name').notNull(),
    friendMemberId: integer('friend_member_id').references(() => members.id, { onDelete: 'set null' }),
    campaignSlug: text('campaign_slug').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
    orderNumber: text('order_number'),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    uniqueIndex('referrals_friend_email_unique').on(sql`lower(${t.friendEmail})`),
    uniqueIndex('referrals_order_unique').on(t.orderNumber),
    index('referrals_referrer_idx').on(t.referrerMemberId),
    oneOf('referrals_status', t.status, REFERRAL_STATUSES),
  ],
);

/**
 * Calls to the referral service that a member's journey causes inside a transaction (sign-up, the
 * first membership): written with the change, sent after it by the scheduled job, retried until
 * the service takes them (no network call inside a transaction).
 */
export const referralOutbox = pgTable(
  'referral_outbox',
  {
    id: serial('id').primaryKey(),
    call: text('call', { enum: REFERRAL_CALLS }).notNull(),
    payload: text('payload').notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    index('referral_outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    oneOf('referral_outbox_call', t.call, REFERRAL_CALLS),
  ],
);

/** Calls to the referral service's sandbox (/sandbox/referrals shows them), while no real service is configured. */
export const referralCalls = pgTable(
  'referral_calls',
  {
    id: serial('id').primaryKey(),
    path: text('path').notNull(),
    payload: text('payload').notNull(),
    status: integer('status').notNull(),
    answer: text('answer').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('referral_calls_time_idx').on(t.createdAt)],
);

/** Proof-of-work captcha answers already used; the primary key makes each answer good once. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Requests to move a number from another network to 48 (port-in). While one is open the member
 * has the PORTIN_IN_PROGRESS segment; the partial unique index allows one open request each.
 */
export const portInRequests = pgTable(
  'port_in_requests',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    msisdn: text('msisdn').notNull(),
    provider: text('provider').notNull(),
    accountType: text('account_type', { enum: PORT_IN_ACCOUNT_TYPES }).notNull(),
    accountNumber: text('account_number'),
    status: text('status', { enum: [...PORT_IN_STATUSES] })
      .notNull()
      .default('requested'),
    /** The day the number moves, once the donor network has scheduled it (Irish date). */
    scheduledFor: date('scheduled_for'),
    /** Why the donor network rejected the request. */
    reason: text('reason'),
    /** When the status last changed (the sandbox donor moves a request on a few minutes after this). */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('port_in_one_open')
      .on(t.memberId)
      .where(sql`${t.status} in ${valuesOf(PORT_IN_OPEN)}`),
    oneOf('port_in_status', t.status, PORT_IN_STATUSES),
    oneOf('port_in_account_type', t.accountType, PORT_IN_ACCOUNT_TYPES),
    check('port_in_msisdn_shape', sql`${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

/**
 * Codes handed out by partners or printed on cups: feelsmug coffee codes, presale codes and
 * partner-campaign vouchers (kind voucher:<campaign>). A code is used by the claim that names it.
 */
export const offerCodes = pgTable(
  'offer_codes',
  {
    code: text('code').primaryKey(),
    kind: text('kind').notNull(),
  },
  (t) => [index('offer_codes_kind_idx').on(t.kind)],
);

/**
 * Every once-only offer a member has taken (student, free allowance, feelsmug, presale, vouchers).
 * The unique indexes are the rules: a subject (an address, a code) serves one claim of its kind,
 * and offers that are once per member allow one row per member, whatever the concurrency.
 */
export const offerClaims = pgTable(
  'offer_claims',
  {
    id: serial('id').primaryKey(),
    kind: text('kind').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    oncePerMember: boolean('once_per_member').notNull(),
    /** The SIM a goody bag went to, when the offer gives one. */
    ssn: text('ssn').references(() => sims.ssn, { onDelete: 'set null' }),
    claimedAt: ts('claimed_at').notNull(),
  },
  (t) => [
    uniqueIndex('offer_claims_subject_unique').on(t.kind, t.subject),
    uniqueIndex('offer_claims_member_unique')
      .on(t.kind, t.memberId)
      .where(sql`${t.oncePerMember}`),
    index('offer_claims_member_idx').on(t.memberId),
  ],
);

/** Codes sent to a student address to prove it is the member's: 10 minutes, 5 tries, one use. */
export const studentCodes = pgTable(
  'student_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('student_codes_member_idx').on(t.memberId),
    check('student_codes_tries', sql`${t.tries} >= 0 and ${t.tries} <= 5`),
  ],
);

/** Each step of a port-in request, for the timeline in settings → move your number. */
export const portInEvents = pgTable(
  'port_in_events',
  {
    id: serial('id').primaryKey(),
    requestId: integer('request_id')
      .notNull()
      .references(() => portInRequests.id, { onDelete: 'cascade' }),
    status: text('status', { enum: [...PORT_IN_STATUSES] }).notNull(),
    note: text('note'),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('port_in_events_once').on(t.requestId, t.status)],
);

/**
 * Step-up codes (member-controls.md): 6 digits by e-mail for a sensitive change, valid 10
 * minutes, 5 tries, one use; a new code ends the member's older ones.
 */
export const stepUpCodes = pgTable(
  'step_up_codes',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: STEP_UP_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    /** Used, or ended by a newer code. */
    endedAt: ts('ended_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('step_up_codes_member_idx').on(t.memberId),
    // One live code per member: a new one ends the old one in the same transaction.
    uniqueIndex('step_up_codes_one_live')
      .on(t.memberId)
      .where(sql`${t.endedAt} is null`),
    check('step_up_codes_tries', sql`${t.tries} >= 0 and ${t.tries} <= 5`),
    oneOf('step_up_codes_purpose', t.purpose, STEP_UP_PURPOSES),
  ],
);

/**
 * Top-up advances (lifelines.md): €5.00 advanced, €5.50 owed, repaid first from every credit that
 * comes in. One outstanding per SIM, by the partial unique index (20 requests at once: one advance).
 */
export const advances = pgTable(
  'advances',
  {
    id: serial('id').primaryKey(),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    /** What is still owed: amount and fee, less what was repaid. */
    owedCents: integer('owed_cents').notNull(),
    takenAt: ts('taken_at').notNull(),
    repaidAt: ts('repaid_at'),
  },
  (t) => [
    uniqueIndex('advances_one_outstanding')
      .on(t.ssn)
      .where(sql`${t.owedCents} > 0`),
    check('advances_owed', sql`${t.owedCents} >= 0 and ${t.owedCents} <= ${t.amountCents} + ${t.feeCents}`),
    check('advances_amounts', sql`${t.amountCents} > 0 and ${t.feeCents} >= 0`),
    check('advances_repaid', sql`(${t.owedCents} = 0) = (${t.repaidAt} is not null)`),
  ],
);

/**
 * Household lines (lifelines.md): a member (the owner) holds up to 4 other members' SIMs. A SIM is
 * a line of one household at most (unique ssn) and a household has slots 1..4 (unique per
 * household): the database, not the code, keeps both rules under concurrent acceptances.
 */
export const households = pgTable('households', {
  id: serial('id').primaryKey(),
  ownerId: integer('owner_id')
    .notNull()
    .unique('households_one_per_owner')
    .references(() => members.id, { onDelete: 'cascade' }),
  createdAt: ts('created_at').notNull(),
});

export const householdLines = pgTable(
  'household_lines',
  {
    id: serial('id').primaryKey(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    ssn: text('ssn')
      .notNull()
      .unique('household_lines_one_household')
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    slot: integer('slot').notNull(),
    /** The owner's monthly limit on the line's own card purchases (null: none). */
    spendLimitCents: integer('spend_limit_cents'),
    joinedAt: ts('joined_at').notNull(),
  },
  (t) => [
    uniqueIndex('household_lines_slot').on(t.householdId, t.slot),
    check('household_lines_slots', sql`${t.slot} between 1 and 4`),
    check('household_lines_limit', sql`${t.spendLimitCents} is null or ${t.spendLimitCents} >= 0`),
  ],
);

/** An owner's invitation to a SIM: a 6-digit code mailed to its member (hash kept), 10 minutes, 5 tries, one live per household and SIM. */
export const householdInvitations = pgTable(
  'household_invitations',
  {
    id: serial('id').primaryKey(),
    householdId: integer('household_id')
      .notNull()
      .references(() => households.id, { onDelete: 'cascade' }),
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
    /** When it stopped being live, and why: accepted, declined, cancelled, replaced (a new code). */
    endedAt: ts('ended_at'),
    outcome: text('outcome'),
  },
  (t) => [
    uniqueIndex('household_invitations_one_live')
      .on(t.householdId, t.ssn)
      .where(sql`${t.endedAt} is null`),
    check('household_invitations_tries', sql`${t.tries} between 0 and 5`),
  ],
);

/**
 * Passkeys (phone.md): a member's WebAuthn credentials. The public key and the signature counter
 * are what a sign-in is checked against; a deleted account deletes its passkeys.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** The credential's id, base64url, as the browser names it. */
    credentialId: text('credential_id').notNull(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    /** How the browser may reach it (internal, hybrid, usb…), comma-separated. */
    transports: text('transports').notNull().default(''),
    name: text('name').notNull(),
    createdAt: ts('created_at').notNull(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [
    uniqueIndex('passkeys_credential_idx').on(t.credentialId),
    index('passkeys_member_idx').on(t.memberId),
    check('passkeys_counter', sql`${t.counter} >= 0`),
    check('passkeys_name', sql`length(${t.name}) between 1 and 60`),
  ],
);

/**
 * WebAuthn challenges (phone.md): one use, 5 minutes. A registration's is the member's; a sign-in's
 * belongs to nobody until a passkey answers it. Used or expired rows are deleted as new ones come.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: serial('id').primaryKey(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose', { enum: WEBAUTHN_PURPOSES }).notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('webauthn_challenges_challenge_idx').on(t.challenge),
    index('webauthn_challenges_expiry_idx').on(t.expiresAt),
    oneOf('webauthn_challenges_purpose', t.purpose, WEBAUTHN_PURPOSES),
    check('webauthn_challenges_owner', sql`(${t.purpose} = 'register') = (${t.memberId} is not null)`),
  ],
);

/**
 * Web Push subscriptions (phone.md): one per device of a member that turned "Notifications on this
 * device" on. The endpoint is the push service's URL for that browser (checked against the allowed
 * hosts before it is kept); the session that subscribed ends it at log-out.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for aes128gcm. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The session that made it: the subscription ends with it (services/sessions.ts endSessions). */
    sessionId: integer('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_member_idx').on(t.memberId),
    // A session's subscription: ended with it (the cascade), and kept from pruning while there.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);

/** The member's alert switches (member-controls.md): a row per cause; none means both channels on. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    cause: text('cause', { enum: ALERT_CAUSES }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.cause] }), oneOf('alert_settings_cause', t.cause, ALERT_CAUSES)],
);

/** Alerts raised, one row per cause (its key): the scheduled job may run any number of times. */
export const alerts = pgTable(
  'alerts',
  {
    id: serial('id').primaryKey(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    cause: text('cause', { enum: ALERT_CAUSES }).notNull(),
    causeKey: text('cause_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
    /** When its push went to the member's devices (phone.md); null: not yet (the jobs send it). */
    pushedAt: ts('pushed_at'),
  },
  (t) => [
    uniqueIndex('alerts_once_per_cause').on(t.causeKey),
    index('alerts_member_time_idx').on(t.memberId, t.createdAt, t.id),
    index('alerts_to_push_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
  ],
);

// Relations for drizzle's relational queries, which read a row and what hangs off it in one SQL
// statement (one round trip): used where a hot read needs several tables, like the balance summary.
export const simsRelations = relations(sims, ({ one, many }) => ({
  balance: one(balances, { fields: [sims.ssn], references: [balances.ssn] }),
  vault: one(vaults, { fields: [sims.ssn], references: [vaults.ssn] }),
  memberships: many(memberships),
  goodyBags: many(goodyBags),
  borrowed: many(spotLoans, { relationName: 'borrower' }),
}));
export const balancesRelations = relations(balances, ({ one }) => ({
  sim: one(sims, { fields: [balances.ssn], references: [sims.ssn] }),
}));
export const vaultsRelations = relations(vaults, ({ one }) => ({
  sim: one(sims, { fields: [vaults.ssn], references: [sims.ssn] }),
}));
export const membershipsRelations = relations(memberships, ({ one }) => ({
  sim: one(sims, { fields: [memberships.ssn], references: [sims.ssn] }),
  product: one(products, { fields: [memberships.sku], references: [products.sku] }),
}));
export const goodyBagsRelations = relations(goodyBags, ({ one }) => ({
  sim: one(sims, { fields: [goodyBags.ssn], references: [sims.ssn] }),
}));
export const spotLoansRelations = relations(spotLoans, ({ one }) => ({
  borrower: one(sims, { fields: [spotLoans.borrowerSsn], references: [sims.ssn], relationName: 'borrower' }),
}));

/**
 * Rate-limit counters shared by every instance on PostgreSQL (production.md): one row per key and
 * window, counted with one atomic upsert, so N instances do not allow N times the limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  // The minute's job removes windows that are over.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/**
 * The site every instance serves (production.md "Publishing", ADR 036): one build, made by the
 * instance that received the publish, its files stored in `site_files` and named here; every
 * instance follows this row, fetching the files into its own DATA_DIR.
 */
export const siteRelease = pgTable('site_release', {
  /** Always 'live': one row. */
  name: text('name').primaryKey(),
  /** The build's name (its folder under each instance's DATA_DIR/site). */
  build: text('build').notNull(),
  publishedAt: ts('published_at').notNull(),
});

/** Every file of a published build (compressed copies included), as the build wrote it. */
export const siteFiles = pgTable(
  'site_files',
  {
    build: text('build').notNull(),
    /** The file's path inside the build, with forward slashes (help/index.html). */
    path: text('path').notNull(),
    body: bytes('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.build, t.path] })],
);

/** Which build each running instance serves, said every few seconds: a purge waits until all serve the new one. */
export const siteInstances = pgTable('site_instances', {
  id: text('id').primaryKey(),
  build: text('build').notNull(),
  seenAt: ts('seen_at').notNull(),
});

/**
 * What a release asks the CDN to purge (the keys of the files it changed), once every instance
 * serves it; tried again with backoff until the CDN takes it (reported on /panda/ready meanwhile).
 */
export const cdnPurges = pgTable(
  'cdn_purges',
  {
    id: serial('id').primaryKey(),
    build: text('build').notNull().unique(),
    keys: jsonb('keys').$type<string[]>().notNull(),
    createdAt: ts('created_at').notNull(),
    /** Not before: the next try, or the end of a running try's claim. */
    nextAt: ts('next_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('cdn_purges_due_idx')
      .on(t.nextAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/**
 * Roaming (roaming.md): where each SIM was last seen by the network's usage feed, and the member's
 * cap on data outside Zone 1 (cents excluding VAT a month; null for none). One row per SIM, made at
 * its first report or choice; the row every report of the SIM locks, so a SIM's reports count one
 * at a time.
 */
export const roamingProfiles = pgTable(
  'roaming_profiles',
  {
    ssn: text('ssn')
      .primaryKey()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    country: text('country'),
    zone: text('zone', { enum: ROAMING_ZONES }),
    seenAt: ts('seen_at'),
    capCents: integer('cap_cents').default(DEFAULT_ROAMING_CAP_CENTS),
  },
  (t) => [
    check('roaming_profiles_country', sql`${t.country} is null or ${t.country} ~ '^[A-Z]{2}$'`),
    check('roaming_profiles_zone', sql`${t.zone} is null or ${t.zone} in ${valuesOf(ROAMING_ZONES)}`),
    check(
      'roaming_profiles_cap',
      sql`${t.capCents} is null or ${t.capCents} in ${sql.raw(`(${ROAMING_CAP_CHOICES.filter((c) => c !== null).join(', ')})`)}`,
    ),
  ],
);

/**
 * A SIM's roaming in one Irish month: the EU allowance from credit (taken when roaming began, with
 * no membership) and what of it is used, the cost of data outside Zone 1 against the cap (cents
 * excluding VAT), and whether the member chose to go on past the cap this month.
 */
export const roamingMonths = pgTable(
  'roaming_months',
  {
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    creditAllowanceKb: bigint('credit_allowance_kb', { mode: 'number' }),
    creditFixedOn: text('credit_fixed_on'),
    creditUsedKb: bigint('credit_used_kb', { mode: 'number' }).notNull().default(0),
    spentCents: integer('spent_cents').notNull().default(0),
    continued: boolean('continued').notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.ssn, t.month] }),
    check('roaming_months_month', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('roaming_months_amounts', sql`${t.creditUsedKb} >= 0 and ${t.spentCents} >= 0`),
  ],
);

/** Use abroad by SIM, Irish month and country (the usage feed's reports added up). */
export const roamingUsage = pgTable(
  'roaming_usage',
  {
    ssn: text('ssn')
      .notNull()
      .references(() => sims.ssn, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    country: text('country').notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    texts: integer('texts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ssn, t.month, t.country] }),
    check('roaming_usage_country', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('roaming_usage_amounts', sql`${t.dataKb} >= 0 and ${t.minutes} >= 0 and ${t.texts} >= 0`),
  ],
);
