import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LEGACY_TYPES } from '../../../contract/constants.ts';
import { LOCALES } from '../../../contract/i18n/locales.ts';
import { partOf, rowId, ts, valuesOf } from '../../db/schema/columns.ts';

export const members = pgTable(
  'members',
  {
    id: rowId(),
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
    /** The member's own monthly limit on card spending (docs/product/member-controls.md), from €5; null is none. */
    spendLimitCents: integer('spend_limit_cents'),
    /** The number lock (docs/product/member-controls.md): on since then; null is off. */
    numberLockedAt: ts('number_locked_at'),
    /** The number lock asked off: it goes off then, 24 hours after it was asked (null: not asked). */
    numberLockEndsAt: ts('number_lock_ends_at'),
    /** The language the portal speaks to the member in (docs/product/languages.md): its answers' messages. */
    language: text('language', { enum: LOCALES }).notNull().default('en'),
    /** Set when the account was deleted: the row stays, without the person, for the amounts the law keeps. */
    deletedAt: ts('deleted_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('members_email_lower_unique').on(sql`lower(${t.email})`),
    uniqueIndex('members_affiliate_id_unique').on(t.affiliateId),
    // The minute's job finds the locks asked off (a few at most) without reading every member.
    index('members_number_lock_ends_idx')
      .on(t.numberLockEndsAt)
      .where(sql`${t.numberLockEndsAt} is not null`),
    check('members_affiliate_id_shape', sql`${t.affiliateId} is null or ${t.affiliateId} ~ '^[A-Za-z0-9]{6,32}$'`),
    check('members_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$' and length(${t.email}) <= 254`),
    check('members_spend_limit', sql`${t.spendLimitCents} is null or ${t.spendLimitCents} >= 500`),
    check('members_legacy_type', sql`${t.legacyType} is null or ${t.legacyType} in ${valuesOf(LEGACY_TYPES)}`),
    check('members_language', sql`${t.language} in ${valuesOf(LOCALES)}`),
  ],
);

export const segments = pgTable(
  'segments',
  {
    memberId: memberColumn(),
    segmentType: text('segment_type').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.segmentType] })],
);

export const marketingPermissions = pgTable('marketing_permissions', {
  memberId: memberKey(),
  email: boolean('email').notNull().default(false),
  sms: boolean('sms').notNull().default(false),
  phone: boolean('phone').notNull().default(false),
  post: boolean('post').notNull().default(false),
  social: boolean('social').notNull().default(false),
  socialPreference: text('social_preference').notNull().default('Snapchat'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/**
 * How a member wants to be contacted (docs/product/customer-care.md, settings → How we contact you): what a
 * vulnerable customer needs from us, shown to the agent with every ticket they open.
 */
export const contactPreferences = pgTable(
  'contact_preferences',
  {
    memberId: memberKey(),
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

/** A row of one member's, gone with the member's row (member_id unless named). */
export function memberColumn(name = 'member_id') {
  return partOf(name, () => members.id);
}

/** The one row a member has of this table, gone with the member's row. */
export function memberKey() {
  return integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' });
}
