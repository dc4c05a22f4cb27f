import { sql } from 'drizzle-orm';
import { check, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  ALL_TICKET_STATES,
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  COMPLAINT_STATES,
  CONTACT_TOPICS,
  TICKET_ENTRY_AUTHORS,
  TICKET_ENTRY_KINDS,
  TICKET_KINDS,
  TICKET_ORIGINS,
  TICKET_STATES,
} from '../../../contract/contact.ts';
import { bytes, createdAt, oneOf, partOf, rowId, ts, valuesOf } from '../../db/schema/columns.ts';
import { members } from '../identity/members.tables.ts';
import { LOCALES } from '../../../contract/i18n/locales.ts';
import type { NoticeValue } from '../../../contract/i18n/notice.ts';

/**
 * Help-desk tickets and complaints (docs/product/customer-care.md): what a visitor or member sent from
 * /contact-us or my48 → Support, with its reference (48-T-… or 48-C-…, from the id). Kept here
 * first, so nothing is lost when the help desk is away; `forwarded_at` says when the help desk has
 * it. A complaint carries the complaints code's clock: the day its response is due (working day 10,
 * or the date an update gave), when it was closed (kept a year after), an escalation on request.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: rowId(),
    reference: text('reference').notNull(),
    kind: text('kind', { enum: TICKET_KINDS }).notNull(),
    /** A person's, or the mobile network's (information it needs for an order: for the operator, never a complaint). */
    origin: text('origin', { enum: TICKET_ORIGINS }).notNull().default('person'),
    topic: text('topic', { enum: CONTACT_TOPICS }).notNull(),
    state: text('state', { enum: ALL_TICKET_STATES }).notNull().default('open'),
    /** Who wrote: a member's account (kept when they delete it: set null), their name and address as given. */
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    /**
     * The language its mails are written in to someone with no account (the contact page's they wrote
     * from, docs/product/languages.md); a member's own language wins while they have an account.
     */
    language: text('language', { enum: LOCALES }).notNull().default('en'),
    createdAt: createdAt(),
    /** The last entry's time: a ticket with nothing new for a year is removed. */
    updatedAt: ts('updated_at').notNull(),
    /** A complaint's response is due on this Irish day (working day 10, or the date of the last update). */
    dueOn: date('due_on', { mode: 'string' }),
    /** When the first response was sent (the ComReg card shows from then). */
    respondedAt: ts('responded_at'),
    closedAt: ts('closed_at'),
    forwardedAt: ts('forwarded_at'),
    /** The help desk's own id for the ticket, when it gave one (its comments are read by it). */
    deskId: text('desk_id'),
    /** A member's request for a team lead, and when the help desk was told of it. */
    escalatedAt: ts('escalated_at'),
    escalationForwardedAt: ts('escalation_forwarded_at'),
  },
  (t) => [
    uniqueIndex('tickets_reference_idx').on(t.reference),
    index('tickets_email_idx').on(t.email, t.createdAt),
    index('tickets_member_idx').on(t.memberId, t.id),
    index('tickets_unforwarded_idx')
      .on(t.id)
      .where(sql`${t.forwardedAt} is null`),
    index('tickets_escalation_unforwarded_idx')
      .on(t.id)
      .where(sql`${t.escalatedAt} is not null and ${t.escalationForwardedAt} is null`),
    index('tickets_updated_idx').on(t.updatedAt),
    // The messages still waiting for a first answer (a minute job turns them into complaints on working day 2).
    index('tickets_waiting_idx')
      .on(t.createdAt)
      .where(sql`${t.kind} = 'ticket' and ${t.state} = 'open'`),
    index('tickets_closed_idx')
      .on(t.closedAt)
      .where(sql`${t.closedAt} is not null`),
    oneOf('tickets_kind', t.kind, TICKET_KINDS),
    oneOf('tickets_origin', t.origin, TICKET_ORIGINS),
    oneOf('tickets_topic', t.topic, CONTACT_TOPICS),
    check(
      'tickets_state',
      sql`(${t.kind} = 'ticket' and ${t.state} in ${valuesOf(TICKET_STATES)}) or (${t.kind} = 'complaint' and ${t.state} in ${valuesOf(COMPLAINT_STATES)})`,
    ),
    // A complaint has its due day; a ticket may too (an accessibility barrier's promised answer).
    check('tickets_language', sql`${t.language} in ${valuesOf(LOCALES)}`),
    check('tickets_complaint_due', sql`${t.kind} <> 'complaint' or ${t.dueOn} is not null`),
    check('tickets_closed_at', sql`(${t.state} = 'closed') = (${t.closedAt} is not null)`),
  ],
);

/**
 * A ticket's timeline: the customer's message and the agents' answers, or a complaint's steps
 * (received, acknowledged, updates, the response, an escalation, closing). Plain text, never HTML.
 */
export const ticketEntries = pgTable(
  'ticket_entries',
  {
    id: rowId(),
    ticketId: partOf('ticket_id', () => tickets.id),
    author: text('author', { enum: TICKET_ENTRY_AUTHORS }).notNull(),
    kind: text('kind', { enum: TICKET_ENTRY_KINDS }).notNull(),
    body: text('body').notNull(),
    /**
     * The portal's own entries (an acknowledgement) as words of the catalogue beside the English
     * body the desk reads: the member reads them in their language (docs/product/languages.md).
     */
    said: jsonb('said').$type<readonly NoticeValue[]>(),
    /** An update's new date for the response. */
    dueOn: date('due_on', { mode: 'string' }),
    /** The help desk's comment this entry came from: each is taken once. */
    deskCommentId: text('desk_comment_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('ticket_entries_ticket_idx').on(t.ticketId, t.id),
    uniqueIndex('ticket_entries_desk_comment_idx').on(t.ticketId, t.deskCommentId),
    oneOf('ticket_entries_author', t.author, TICKET_ENTRY_AUTHORS),
    oneOf('ticket_entries_kind', t.kind, TICKET_ENTRY_KINDS),
  ],
);

/**
 * Files a person attached to a message (docs/product/customer-care.md: images and PDF, checked by content, 5 MB
 * each): uploaded first under an unguessable token, joined to the ticket when the message is sent,
 * removed with it; an upload no message claimed within the hour is removed by the minute job.
 */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: rowId(),
    /** The upload's handle, given to the browser that sent it: a capability, never exported. */
    token: text('token').notNull(),
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    /** The type its content showed (its first bytes), never the type the sender claimed. */
    contentType: text('content_type', { enum: ATTACHMENT_TYPES }).notNull(),
    size: integer('size').notNull(),
    data: bytes('data').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('ticket_attachments_token_idx').on(t.token),
    index('ticket_attachments_ticket_idx').on(t.ticketId),
    index('ticket_attachments_unclaimed_idx')
      .on(t.createdAt)
      .where(sql`${t.ticketId} is null`),
    oneOf('ticket_attachments_type', t.contentType, ATTACHMENT_TYPES),
    check('ticket_attachments_size', sql`${t.size} > 0 and ${t.size} <= ${sql.raw(String(ATTACHMENT_MAX_BYTES))}`),
    check('ticket_attachments_filename', sql`length(${t.filename}) between 1 and 120`),
  ],
);
