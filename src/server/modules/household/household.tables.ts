import { sql } from 'drizzle-orm';
import { check, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, partOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberColumn } from '../identity/members.tables.ts';
import { simColumn } from '../lines/sims.tables.ts';

/**
 * Household lines (docs/product/lifelines.md): a member (the owner) holds up to 4 other members' SIMs. A SIM is
 * a line of one household at most (unique ssn) and a household has slots 1..4 (unique per
 * household): the database, not the code, keeps both rules under concurrent acceptances.
 */
export const households = pgTable('households', {
  id: rowId(),
  ownerId: memberColumn('owner_id').unique('households_one_per_owner'),
  createdAt: createdAt(),
});

export const householdLines = pgTable(
  'household_lines',
  {
    id: rowId(),
    householdId: partOf('household_id', () => households.id),
    ssn: simColumn().unique('household_lines_one_household'),
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
    id: rowId(),
    householdId: partOf('household_id', () => households.id),
    ssn: simColumn(),
    codeHash: text('code_hash').notNull(),
    tries: integer('tries').notNull().default(0),
    expiresAt: ts('expires_at').notNull(),
    createdAt: createdAt(),
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
