import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LOCKED_CHANGE_KINDS } from '../../../../contract/number-lock.ts';
import { oneOf, rowId, ts } from '../../../db/schema/columns.ts';
import { memberColumn } from '../../identity/members.tables.ts';

/**
 * A change of SIM asked for while the member's number lock is on (docs/product/member-controls.md):
 * confirmed with a second mailed code, ordered 24 hours later by the minute's job, cancellable until
 * then. One open change per SIM (the unique index decides, also for two requests at once).
 */
export const lockedChanges = pgTable(
  'locked_changes',
  {
    id: rowId(),
    memberId: memberColumn(),
    /** The SIM the number moves from (it keeps the number until the change is made). */
    ssn: text('ssn').notNull(),
    kind: text('kind', { enum: LOCKED_CHANGE_KINDS }).notNull(),
    /** The new card's serial (a physical SIM); null for an eSIM. */
    newSsn: text('new_ssn'),
    requestedAt: ts('requested_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    dueAt: ts('due_at'),
    doneAt: ts('done_at'),
    cancelledAt: ts('cancelled_at'),
    /** Why it ended without being made (cancelled by the member, or what refused it when due). */
    endedWhy: text('ended_why'),
  },
  (t) => [
    oneOf('locked_changes_kind', t.kind, LOCKED_CHANGE_KINDS),
    check('locked_changes_card', sql`(${t.kind} = 'physical') = (${t.newSsn} is not null)`),
    check('locked_changes_due', sql`(${t.confirmedAt} is null) = (${t.dueAt} is null)`),
    uniqueIndex('locked_changes_one_open')
      .on(t.ssn)
      .where(sql`${t.doneAt} is null and ${t.cancelledAt} is null`),
    index('locked_changes_due_idx')
      .on(t.dueAt)
      .where(sql`${t.dueAt} is not null and ${t.doneAt} is null and ${t.cancelledAt} is null`),
    index('locked_changes_member').on(t.memberId, t.id),
  ],
);
