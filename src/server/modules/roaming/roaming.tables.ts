import { sql } from 'drizzle-orm';
import { bigint, boolean, check, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { DEFAULT_ROAMING_CAP_CENTS, ROAMING_CAP_CHOICES, ROAMING_ZONES } from '../../../contract/roaming.ts';
import { ts, valuesOf } from '../../db/schema/columns.ts';
import { simColumn, simKey } from '../lines/sims.tables.ts';

/**
 * Roaming (docs/product/roaming.md): where each SIM was last seen by the network's usage feed, and the member's
 * cap on data outside Zone 1 (cents excluding VAT a month; null for none). One row per SIM, made at
 * its first report or choice; the row every report of the SIM locks, so a SIM's reports count one
 * at a time.
 */
export const roamingProfiles = pgTable(
  'roaming_profiles',
  {
    ssn: simKey(),
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
    ssn: simColumn(),
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
    ssn: simColumn(),
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
