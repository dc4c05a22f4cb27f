import { relations, sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { MONTHLY_ACTIONS } from '../../../contract/flexi-data.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { simColumn, simKey, sims } from '../lines/sims.tables.ts';

/**
 * Flexible data's own tables (docs/product/flexible-data.md): The Safe, Spot me's loans, Donate's gifts
 * and the one monthly action. The data itself sits on money's memberships, moved through money's face.
 */

/** The Safe of a SIM: data saved from a membership, unlocked into a later one at any time. */
export const vaults = pgTable(
  'vaults',
  {
    ssn: simKey(),
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
    id: rowId(),
    lenderSsn: simColumn('lender_ssn'),
    borrowerSsn: simColumn('borrower_ssn'),
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
    id: rowId(),
    ssn: simColumn(),
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
    id: rowId(),
    ssn: simColumn(),
    month: text('month').notNull(),
    action: text('action', { enum: [...MONTHLY_ACTIONS] }).notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('flexi_actions_once_a_month').on(t.ssn, t.month),
    oneOf('flexi_actions_action', t.action, MONTHLY_ACTIONS),
    check('flexi_actions_month', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('flexi_actions_data', sql`${t.dataKb} > 0`),
  ],
);

export const vaultsRelations = relations(vaults, ({ one }) => ({
  sim: one(sims, { fields: [vaults.ssn], references: [sims.ssn] }),
}));
export const spotLoansRelations = relations(spotLoans, ({ one }) => ({
  borrower: one(sims, { fields: [spotLoans.borrowerSsn], references: [sims.ssn], relationName: 'borrower' }),
}));
