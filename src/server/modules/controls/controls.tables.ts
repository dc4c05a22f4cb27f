import { sql } from 'drizzle-orm';
import { check, index, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { LINE_CHANGE_KINDS, type LineChangeDetail } from '../../../contract/line-changes.ts';
import { LOCKED_CHANGE_KINDS } from '../../../contract/number-lock.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberColumn } from '../identity/members.tables.ts';

/**
 * A change to a member's line they are told of with a "this wasn't me" link
 * (docs/product/member-controls.md): written in the change's transaction, mailed and pushed right
 * after it (or by the minute's job). Only the link token's hash is kept; the link works once
 * (`reported_at`) until `expires_at`.
 */
export const lineChanges = pgTable(
  'line_changes',
  {
    id: rowId(),
    memberId: memberColumn(),
    kind: text('kind', { enum: LINE_CHANGE_KINDS }).notNull(),
    msisdn: text('msisdn').notNull(),
    /** The SIM that has the number after the change (null: the number left). */
    ssn: text('ssn'),
    detail: jsonb('detail').$type<LineChangeDetail>().notNull(),
    at: ts('at').notNull(),
    createdAt: createdAt(),
    tokenHash: text('token_hash').unique('line_changes_token'),
    mailedAt: ts('mailed_at'),
    expiresAt: ts('expires_at').notNull(),
    reportedAt: ts('reported_at'),
    /** The fraud team closed the case a report opened (docs/product/staff.md), with the check they made. */
    caseClosedAt: ts('case_closed_at'),
    caseCheck: text('case_check'),
  },
  (t) => [
    oneOf('line_changes_kind', t.kind, LINE_CHANGE_KINDS),
    index('line_changes_untold')
      .on(t.id)
      .where(sql`${t.mailedAt} is null`),
    index('line_changes_member').on(t.memberId, t.id),
  ],
);

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
