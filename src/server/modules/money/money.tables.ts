import { relations, sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CARD_CHOICES, CARD_REFUND_STATES, CHECKOUT_STATES } from '../../../contract/constants.ts';
import { CHECKOUT_PURPOSES } from '../../../contract/payments.ts';
import { LOCALES } from '../../../contract/i18n/locales.ts';
import { USE_KINDS, type UseKind } from '../../../contract/usage.ts';
import { CREDIT_BACK_METHODS, CREDIT_BACK_STATES } from '../../../contract/port-out-credit.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberKey, members } from '../identity/members.tables.ts';
import { products } from '../lines/orders.tables.ts';
import { simColumn, simKey, sims } from '../lines/sims.tables.ts';

/** Credit of one SIM. A SIM without a balance row is one whose account details are missing. */
export const balances = pgTable(
  'balances',
  {
    ssn: simKey(),
    creditCents: integer('credit_cents').notNull().default(0),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [check('balances_credit_not_negative', sql`${t.creditCents} >= 0`)],
);

/** Every movement of money or allowance, append-only. */
export const ledger = pgTable(
  'ledger',
  {
    id: rowId(),
    ssn: simColumn(),
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
    /** The provider's payment that took card_cents: what a refund of this cause names. */
    paymentId: text('payment_id'),
    /** A use paid from credit: what it was (data, calls, texts at home, or roaming by zone), for spend by kind. */
    useKind: text('use_kind').$type<UseKind>(),
  },
  (t) => [
    // Null for every row but a use's (a null passes the check).
    oneOf('ledger_use_kind', t.useKind, USE_KINDS),
    check('ledger_card_last4', sql`${t.cardLast4} is null or ${t.cardLast4} ~ '^[0-9]{4}$'`),
    // A SIM's movements newest first, and a page of them from where the last ended (time, then id).
    index('ledger_ssn_time_id_idx').on(t.ssn, t.occurredAt, t.id),
    uniqueIndex('ledger_one_row_per_cause').on(t.reference),
    check('ledger_card_cents', sql`${t.cardCents} >= 0`),
  ],
);

/**
 * Each use the network reported, once by its id (TMF635 `Usage.id`) whatever event brings it
 * (docs/product/money.md "Use paid from credit"): the line it counted on, the event that counted it,
 * and, once the network rated it again, the price and what credit paid as corrected (null: as its
 * first charge). A use sent again under another event draws on nothing again; on another line it is
 * a dead letter. Pruned with the network's events (modules/privacy/retention.ts).
 */
export const countedUses = pgTable(
  'counted_uses',
  {
    usageId: text('usage_id').primaryKey(),
    ssn: simColumn(),
    eventId: text('event_id').notNull(),
    countedAt: ts('counted_at').notNull(),
    priceCents: integer('price_cents'),
    takenCents: integer('taken_cents'),
  },
  (t) => [
    index('counted_uses_counted_idx').on(t.countedAt),
    check('counted_uses_price', sql`${t.priceCents} is null or ${t.priceCents} >= 0`),
  ],
);

/**
 * Use that credit could not pay for when it came (docs/product/money.md, "Use paid from credit"):
 * the part of a use's price past the credit left, one row per use (its `usage:` cause), kept for
 * the operator (`/panda/ready`) and the daily reconciliation; the line was barred at once.
 */
export const unchargedUsage = pgTable(
  'uncharged_usage',
  {
    reference: text('reference').primaryKey(),
    ssn: simColumn(),
    occurredAt: ts('occurred_at').notNull(),
    description: text('description').notNull(),
    cents: integer('cents').notNull(),
    recordedAt: ts('recorded_at').notNull(),
  },
  (t) => [check('uncharged_usage_cents', sql`${t.cents} > 0`), index('uncharged_usage_recorded_idx').on(t.recordedAt)],
);

/**
 * A card payment to give back (docs/product/network.md: a purchase the network could not apply),
 * written in the transaction that undoes the purchase and sent to the provider by the minute's
 * jobs, outside any transaction; one per cause (the unique `reference`, the refunded ledger row's).
 */
export const cardRefunds = pgTable(
  'card_refunds',
  {
    id: rowId(),
    reference: text('reference').notNull(),
    paymentId: text('payment_id').notNull(),
    cents: integer('cents').notNull(),
    state: text('state', { enum: CARD_REFUND_STATES }).notNull().default('due'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    createdAt: createdAt(),
    doneAt: ts('done_at'),
  },
  (t) => [
    uniqueIndex('card_refunds_reference').on(t.reference),
    index('card_refunds_due')
      .on(t.nextAttemptAt)
      .where(sql`${t.state} = 'due'`),
    oneOf('card_refunds_state', t.state, CARD_REFUND_STATES),
    check('card_refunds_cents', sql`${t.cents} > 0`),
  ],
);

/** A member's stored card: the provider's registration token and what identifies it to a person, never the number. */
export const storedCards = pgTable(
  'stored_cards',
  {
    memberId: memberKey(),
    token: text('token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    /** MM/YY */
    expiry: text('expiry').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('stored_cards_last4', sql`${t.last4} ~ '^[0-9]{4}$'`),
    check('stored_cards_expiry', sql`${t.expiry} ~ '^(0[1-9]|1[0-2])/[0-9]{2}$'`),
  ],
);

/**
 * A card payment prepared with the provider (docs/product/money.md, hosted widget): what it pays for, for whom,
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
    /** The card the member chose to pay with (docs/product/money.md): 'new' (PANDAOLTUNRG2) or their stored card, 'saved' (PANDAOLTREG2). */
    card: text('card', { enum: CARD_CHOICES }).notNull().default('new'),
    buyerEmail: text('buyer_email'),
    /** The language of the page a gift was bought on: its buyer's receipt is written in it (docs/product/languages.md). */
    buyerLanguage: text('buyer_language', { enum: LOCALES }).notNull().default('en'),
    providerId: text('provider_id').notNull(),
    state: text('state', { enum: CHECKOUT_STATES }).notNull().default('open'),
    resultCode: text('result_code'),
    resultDescription: text('result_description'),
    createdAt: createdAt(),
    appliedAt: ts('applied_at'),
  },
  (t) => [
    uniqueIndex('checkouts_provider_unique').on(t.providerId),
    oneOf('checkouts_purpose', t.purpose, CHECKOUT_PURPOSES),
    oneOf('checkouts_state', t.state, CHECKOUT_STATES),
    oneOf('checkouts_card', t.card, CARD_CHOICES),
    oneOf('checkouts_buyer_language', t.buyerLanguage, LOCALES),
    check('checkouts_amount', sql`${t.amountCents} > 0 and ${t.creditCents} >= 0`),
  ],
);

/**
 * Top-up advances (docs/product/lifelines.md): €5.00 advanced, €5.50 owed, repaid first from every credit that
 * comes in. One outstanding per SIM, by the partial unique index (20 requests at once: one advance).
 */
export const advances = pgTable(
  'advances',
  {
    id: rowId(),
    ssn: simColumn(),
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

// Relations for drizzle's relational queries, which read a row and what hangs off it in one SQL
// statement (one round trip): used where a hot read needs several tables, like the balance summary.
export const balancesRelations = relations(balances, ({ one }) => ({
  sim: one(sims, { fields: [balances.ssn], references: [sims.ssn] }),
}));

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"): one row
 * per number that left, made when the network says so, with the credit then. The member asks within
 * 12 months, for the card last used to pay or a bank transfer; the credit leaves the ledger with the
 * request (its `refund:port-out:<id>` row) and comes back if the refund is refused.
 */
export const creditBacks = pgTable(
  'credit_backs',
  {
    id: rowId(),
    ssn: simColumn(),
    /** The number that left. */
    msisdn: text('msisdn').notNull(),
    leftAt: ts('left_at').notNull(),
    offerUntil: ts('offer_until').notNull(),
    state: text('state', { enum: CREDIT_BACK_STATES }).notNull().default('offered'),
    /** The latest request's cause (`refund:port-out:<id>:<try>`): its ledger row, its card refund, its way back. */
    reference: text('reference'),
    method: text('method', { enum: CREDIT_BACK_METHODS }),
    amountCents: integer('amount_cents'),
    /**
     * What of the amount goes back to the cards that paid (card refunds `<reference>:card:<n>`); the
     * rest is the transfer's. Null on a request from before the split: all of it to the card, or none.
     */
    cardCents: integer('card_cents'),
    /** The card refunded (the first, when several payments take it back): the provider's payment and its last four digits. */
    paymentId: text('payment_id'),
    cardLast4: text('card_last4'),
    /** The bank account paid (a transfer): its IBAN and the name the member gave. */
    iban: text('iban'),
    accountName: text('account_name'),
    /** The bank's BIC, asked for an IBAN of a SEPA country outside the EEA. */
    bic: text('bic'),
    requestedAt: ts('requested_at'),
    paidAt: ts('paid_at'),
    refusedAt: ts('refused_at'),
    refusedReason: text('refused_reason'),
    /** The SEPA file the transfer went out in (once: a payment is in one file at most). */
    fileId: integer('file_id').references(() => refundFiles.id, { onDelete: 'restrict' }),
  },
  (t) => [
    uniqueIndex('credit_backs_one_per_leaving').on(t.ssn, t.leftAt),
    oneOf('credit_backs_state', t.state, CREDIT_BACK_STATES),
    oneOf('credit_backs_method', t.method, CREDIT_BACK_METHODS),
    check('credit_backs_amount', sql`${t.amountCents} is null or ${t.amountCents} > 0`),
    check(
      'credit_backs_card_part',
      sql`${t.cardCents} is null or (${t.cardCents} >= 0 and ${t.cardCents} <= ${t.amountCents})`,
    ),
    check(
      'credit_backs_asked',
      sql`${t.state} = 'offered' or (${t.method} is not null and ${t.amountCents} is not null and ${t.requestedAt} is not null)`,
    ),
    check(
      'credit_backs_how',
      sql`${t.method} is null or (${t.method} = 'card' and ${t.paymentId} is not null) or (${t.method} = 'bank' and ${t.iban} is not null and ${t.accountName} is not null)`,
    ),
    index('credit_backs_to_file')
      .on(t.requestedAt)
      .where(sql`${t.method} = 'bank' and ${t.state} = 'requested' and ${t.fileId} is null`),
  ],
);

/** A day's SEPA credit-transfer file (pain.001.001.09, or .03 where a setting asks) of bank refunds: made once, downloaded and marked sent by finance. */
export const refundFiles = pgTable(
  'refund_files',
  {
    id: rowId(),
    /** The message id in the file's group header (unique at the bank). */
    messageId: text('message_id').notNull().unique('refund_files_message_id'),
    createdAt: createdAt(),
    xml: text('xml').notNull(),
    payments: integer('payments').notNull(),
    totalCents: integer('total_cents').notNull(),
    sentAt: ts('sent_at'),
    /**
     * Four eyes (docs/product/staff.md): the person of 48 who made the file (null: the morning's job),
     * the one who approved it (never its maker), and when; a file is sent only once approved.
     */
    madeBy: integer('made_by'),
    approvedBy: integer('approved_by'),
    approvedAt: ts('approved_at'),
  },
  (t) => [
    check(
      'refund_files_four_eyes',
      sql`${t.approvedBy} is null or ${t.madeBy} is null or ${t.approvedBy} <> ${t.madeBy}`,
    ),
    check('refund_files_sent_approved', sql`${t.sentAt} is null or ${t.approvedAt} is not null`),
  ],
);
