import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, smallint, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CHAT_AUTHORS, CHAT_ENDERS, CHAT_MESSAGE_MAX, CHAT_STATES } from '../../../contract/chat.ts';
import { createdAt, oneOf, partOf, rowId, ts } from '../../db/schema/columns.ts';
import { members } from '../identity/members.tables.ts';
import { tickets } from './tickets.tables.ts';

/**
 * Live chats with a person (docs/product/customer-care.md, "Live chat"): who started it (a member's
 * session, or a visitor's name and address, not verified), where it stands, the agent who took it,
 * and how it ended (by either side, as a message, unanswered). Reached with a token only its browser
 * holds (kept here as its SHA-256). Removed a year after it ended, like tickets.
 */
export const chats = pgTable(
  'chats',
  {
    id: rowId(),
    tokenHash: text('token_hash').notNull(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    /** Started from a member's signed-in session: the agent may trust the account's details. */
    verified: boolean('verified').notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    msisdn: text('msisdn'),
    state: text('state', { enum: CHAT_STATES }).notNull().default('waiting'),
    agentName: text('agent_name'),
    /** The help desk's conversation for it (production), once the desk has it. */
    deskId: text('desk_id'),
    /** How often opening it at the desk failed, and why the last time (on /panda/ready). */
    deskAttempts: integer('desk_attempts').notNull().default(0),
    deskError: text('desk_error'),
    /** The message (ticket) the chat became when left or unanswered. */
    ticketId: integer('ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    rating: smallint('rating'),
    endedBy: text('ended_by', { enum: CHAT_ENDERS }),
    createdAt: createdAt(),
    answeredAt: ts('answered_at'),
    /** Last seen with a stream open on some instance (hub.ts beats while one is): a waiting chat not seen for CHAT_GONE_MINUTES leaves the queue. */
    streamSeenAt: ts('stream_seen_at'),
    endedAt: ts('ended_at'),
  },
  (t) => [
    uniqueIndex('chats_token_idx').on(t.tokenHash),
    uniqueIndex('chats_desk_idx')
      .on(t.deskId)
      .where(sql`${t.deskId} is not null`),
    index('chats_member_idx').on(t.memberId, t.id),
    // The queue: chats waiting, oldest first.
    index('chats_waiting_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.state} = 'waiting'`),
    // The last hour's answers (the wait estimate).
    index('chats_answered_idx')
      .on(t.answeredAt)
      .where(sql`${t.answeredAt} is not null`),
    index('chats_ended_idx')
      .on(t.endedAt)
      .where(sql`${t.endedAt} is not null`),
    oneOf('chats_state', t.state, CHAT_STATES),
    oneOf('chats_ended_by', t.endedBy, CHAT_ENDERS),
    check('chats_rating', sql`${t.rating} between 1 and 5`),
    check(
      'chats_ended',
      sql`(${t.state} in ('ended', 'left')) = (${t.endedAt} is not null and ${t.endedBy} is not null)`,
    ),
    check(
      'chats_talking',
      sql`${t.state} <> 'talking' or (${t.agentName} is not null and ${t.answeredAt} is not null)`,
    ),
    check('chats_left', sql`${t.state} <> 'left' or ${t.answeredAt} is null`),
    check('chats_rated_once_ended', sql`${t.rating} is null or ${t.endedAt} is not null`),
  ],
);

/**
 * A chat's conversation, line by line: the person's, the agent's, and the portal's own (joined,
 * ended). The id orders them and is the event id a browser resumes after. A line is kept before it
 * is announced; the agent's from the help desk count once (its message id); the person's are handed
 * to the help desk in order (`forwarded_at`).
 */
export const chatLines = pgTable(
  'chat_lines',
  {
    id: rowId(),
    chatId: partOf('chat_id', () => chats.id),
    author: text('author', { enum: CHAT_AUTHORS }).notNull(),
    /** The agent's name on an agent's line. */
    name: text('name'),
    body: text('body').notNull(),
    deskMessageId: text('desk_message_id'),
    forwardedAt: ts('forwarded_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('chat_lines_chat_idx').on(t.chatId, t.id),
    uniqueIndex('chat_lines_desk_message_idx').on(t.chatId, t.deskMessageId),
    index('chat_lines_unforwarded_idx')
      .on(t.id)
      .where(sql`${t.author} = 'person' and ${t.forwardedAt} is null`),
    oneOf('chat_lines_author', t.author, CHAT_AUTHORS),
    check(
      'chat_lines_body',
      sql`char_length(${t.body}) >= 1 and (${t.author} = 'portal' or char_length(${t.body}) <= ${sql.raw(String(CHAT_MESSAGE_MAX))})`,
    ),
  ],
);
