import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { LINE_CHANGE_KINDS, type LineChangeDetail } from '../../../../contract/line-changes.ts';
import { createdAt, oneOf, rowId, ts } from '../../../db/schema/columns.ts';
import { memberColumn } from '../../identity/members.tables.ts';

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
  },
  (t) => [
    oneOf('line_changes_kind', t.kind, LINE_CHANGE_KINDS),
    index('line_changes_untold').on(t.id).where(sql`${t.mailedAt} is null`),
    index('line_changes_member').on(t.memberId, t.id),
  ],
);
