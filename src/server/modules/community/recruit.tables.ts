import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { REFERRAL_STATUSES } from '../../../contract/constants.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberColumn, members } from '../identity/members.tables.ts';
import { orders } from '../lines/orders.tables.ts';
import { sims } from '../lines/sims.tables.ts';

/** The referral service's calls (server-side only). */
const REFERRAL_CALLS = ['registrations', 'track', 'signups', 'confirmations', 'forget'] as const;

/**
 * A friend recruited (recruit and reward): one per recruit order. The friend is known at the
 * order for mates rates, at activation of the card for a free SIM sent; the reward is paid once
 * (rewarded_at, and the ledger's unique cause recruit:<id>).
 */
export const recruits = pgTable(
  'recruits',
  {
    id: rowId(),
    recruiterMemberId: memberColumn('recruiter_member_id'),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    friendMemberId: integer('friend_member_id').references(() => members.id, { onDelete: 'set null' }),
    friendName: text('friend_name').notNull(),
    /** The SIM card sent (free SIM), so the recruiter can follow it. */
    simSsn: text('sim_ssn'),
    createdAt: createdAt(),
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
    id: rowId(),
    referrerMemberId: memberColumn('referrer_member_id'),
    friendEmail: text('friend_email').notNull(),
    friendName: text('friend_name').notNull(),
    friendMemberId: integer('friend_member_id').references(() => members.id, { onDelete: 'set null' }),
    campaignSlug: text('campaign_slug').notNull(),
    status: text('status', { enum: REFERRAL_STATUSES }).notNull(),
    orderNumber: text('order_number'),
    createdAt: createdAt(),
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
    id: rowId(),
    call: text('call', { enum: REFERRAL_CALLS }).notNull(),
    payload: text('payload').notNull(),
    createdAt: createdAt(),
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
    id: rowId(),
    path: text('path').notNull(),
    payload: text('payload').notNull(),
    status: integer('status').notNull(),
    answer: text('answer').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('referral_calls_time_idx').on(t.createdAt)],
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
    id: rowId(),
    kind: text('kind').notNull(),
    memberId: memberColumn(),
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
    id: rowId(),
    memberId: memberColumn(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: ts('expires_at').notNull(),
    tries: integer('tries').notNull().default(0),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('student_codes_member_idx').on(t.memberId),
    check('student_codes_tries', sql`${t.tries} >= 0 and ${t.tries} <= 5`),
  ],
);
