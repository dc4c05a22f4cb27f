import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { STAFF_ACTIONS, STAFF_ROLES } from '../../../contract/staff.ts';
import { oneOf, rowId, ts } from '../../db/schema/columns.ts';

/**
 * What the people of 48 did (docs/product/staff.md "The audit log"): each member opened and each
 * action, with who, why and the result. Append-only: each row carries the hash of the one before
 * (`prev_hash`) and its own (`hash`, over its fields and `prev_hash`), so a row changed or removed
 * breaks the chain the nightly check follows; a trigger refuses UPDATE and DELETE for every role.
 * The member is a plain id, not a foreign key: an account closed keeps the record of who opened it.
 */
export const staffAudit = pgTable(
  'staff_audit',
  {
    id: rowId(),
    at: ts('at').notNull(),
    staffId: integer('staff_id').notNull(),
    staffName: text('staff_name').notNull(),
    staffRole: text('staff_role', { enum: STAFF_ROLES }).notNull(),
    action: text('action', { enum: STAFF_ACTIONS }).notNull(),
    memberId: integer('member_id'),
    reason: text('reason').notNull(),
    result: text('result').notNull(),
    prevHash: text('prev_hash').notNull(),
    hash: text('hash').notNull().unique('staff_audit_hash'),
  },
  (t) => [
    oneOf('staff_audit_role', t.staffRole, STAFF_ROLES),
    oneOf('staff_audit_action', t.action, STAFF_ACTIONS),
    index('staff_audit_member')
      .on(t.memberId, t.at)
      .where(sql`${t.memberId} is not null`),
    index('staff_audit_at').on(t.at),
  ],
);

/** The nightly check of the chain, one row an Irish day (docs/product/staff.md): what it found. */
export const staffAuditChecks = pgTable('staff_audit_checks', {
  day: text('day').primaryKey(),
  checkedAt: ts('checked_at').notNull(),
  rows: integer('rows').notNull(),
  brokenAt: integer('broken_at'),
});
