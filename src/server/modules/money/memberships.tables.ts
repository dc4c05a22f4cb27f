import { relations, sql, type SQL } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { MEMBERSHIP_STATUSES } from '../../../contract/constants.ts';
import { oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { balances } from './money.tables.ts';
import { products } from '../lines/orders.tables.ts';
import { simColumn, sims } from '../lines/sims.tables.ts';
import { spotLoans, vaults } from '../flexi-data/flexi-data.tables.ts';

/**
 * A membership past a data threshold beyond the data alert last raised: the alerts job's query and
 * its partial index say it in the same words, so the planner can prove the index answers it.
 */
export function dataAlertDue(t: { dataAlertLevel: AnyPgColumn; dataAlertedPercent: AnyPgColumn }): SQL {
  return sql`${t.dataAlertLevel} > ${t.dataAlertedPercent}`;
}

// Its pages keep a tenth free (fillfactor 90, set in the migrations: the schema cannot say it), room for
// the next version of a row the listener updates, so that the update stays on its page.
export const memberships = pgTable(
  'memberships',
  {
    id: rowId(),
    ssn: simColumn(),
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
    /** What use has taken of the add-ons' data (after the membership's own and carried-over data). */
    addonUsedKb: bigint('addon_used_kb', { mode: 'number' }).notNull().default(0),
    /**
     * Flexible data (docs/product/flexible-data.md): own data moved out (carried over, donated, saved, swapped,
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
    /**
     * The data alert a membership has reached: 100 once its own data used (with what moved out)
     * reached its allowance (with what moved in), 80 past four fifths of it, else 0; 0 for any but a
     * current membership with an allowance. The database keeps it (the trigger
     * `memberships_data_alert_level`, in the migrations), whoever writes the data used, so that the
     * alerts job's partial index reads it and not the data used: an index over the data used made
     * every use's update of the row write every index of the table again (PostgreSQL's HOT updates
     * need the indexed columns unchanged), and the listener updates it for nearly every event. A
     * trigger, not a generated column: adding one writes anew every membership ever kept, under a lock.
     */
    dataAlertLevel: smallint('data_alert_level').notNull().default(0),
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
    check('memberships_addon', sql`${t.addonKb} >= 0 and ${t.addonUsedKb} >= 0 and ${t.addonUsedKb} <= ${t.addonKb}`),
  ],
);

export const goodyBags = pgTable(
  'goody_bags',
  {
    id: rowId(),
    ssn: simColumn(),
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

// Relations for drizzle's relational queries, which read a row and what hangs off it in one SQL
// statement (one round trip): used where a hot read needs several tables, like the balance summary.
export const simsRelations = relations(sims, ({ one, many }) => ({
  balance: one(balances, { fields: [sims.ssn], references: [balances.ssn] }),
  vault: one(vaults, { fields: [sims.ssn], references: [vaults.ssn] }),
  memberships: many(memberships),
  goodyBags: many(goodyBags),
  borrowed: many(spotLoans, { relationName: 'borrower' }),
}));
export const membershipsRelations = relations(memberships, ({ one }) => ({
  sim: one(sims, { fields: [memberships.ssn], references: [sims.ssn] }),
  product: one(products, { fields: [memberships.sku], references: [products.sku] }),
}));
export const goodyBagsRelations = relations(goodyBags, ({ one }) => ({
  sim: one(sims, { fields: [goodyBags.ssn], references: [sims.ssn] }),
}));
