import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { STAFF_ROLES } from '../../../contract/staff.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { memberColumn } from '../identity/members.tables.ts';
import { simColumn } from '../lines/sims.tables.ts';

/**
 * The people who signed in to the console (docs/product/staff.md): the identity provider owns them and
 * their role; this is who they were when they last signed in, by the provider's subject.
 */
export const staffPeople = pgTable(
  'staff_people',
  {
    id: rowId(),
    subject: text('subject').notNull().unique('staff_people_subject'),
    email: text('email').notNull(),
    name: text('name').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    lastSignInAt: ts('last_sign_in_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [oneOf('staff_people_role', t.role, STAFF_ROLES)],
);

/**
 * A staff session: its own cookie (never a member's), 15 minutes idle or 8 hours at most. Only the
 * token's hash is kept; the ID token is kept for the sign-out at the identity provider.
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: rowId(),
    tokenHash: text('token_hash').notNull().unique('staff_sessions_token'),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id, { onDelete: 'cascade' }),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    idToken: text('id_token'),
    createdAt: createdAt(),
    lastSeenAt: ts('last_seen_at').notNull(),
    endsAt: ts('ends_at').notNull(),
  },
  (t) => [index('staff_sessions_ends').on(t.endsAt)],
);

/** A sign-in under way at the identity provider: its state, PKCE verifier and nonce, for 10 minutes. */
export const staffSignIns = pgTable('staff_sign_ins', {
  state: text('state').primaryKey(),
  verifier: text('verifier').notNull(),
  nonce: text('nonce').notNull(),
  createdAt: createdAt(),
});

/** A note a person of 48 left on a member. */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: rowId(),
    memberId: memberColumn(),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id),
    text: text('text').notNull(),
    at: ts('at').notNull(),
  },
  (t) => [index('staff_notes_member').on(t.memberId, t.at)],
);

export const STAFF_REQUEST_KINDS = ['goodwill', 'reversal'] as const;
export const STAFF_REQUEST_STATES = ['waiting', 'approved', 'declined', 'expired'] as const;

/**
 * Four eyes (docs/product/staff.md "Acting"): an action above its maker's limit waits for someone
 * else with the power; the database refuses a decision by the person who asked.
 */
export const staffRequests = pgTable(
  'staff_requests',
  {
    id: rowId(),
    kind: text('kind', { enum: STAFF_REQUEST_KINDS }).notNull(),
    memberId: memberColumn(),
    /** The line the money is for: it follows the number to a new SIM while the request waits. */
    ssn: simColumn(),
    amountCents: integer('amount_cents').notNull(),
    ledgerId: integer('ledger_id'),
    reason: text('reason').notNull(),
    askedBy: integer('asked_by')
      .notNull()
      .references(() => staffPeople.id),
    askedAt: ts('asked_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    state: text('state', { enum: STAFF_REQUEST_STATES }).notNull().default('waiting'),
    decidedBy: integer('decided_by').references(() => staffPeople.id),
    decidedAt: ts('decided_at'),
    note: text('note'),
  },
  (t) => [
    oneOf('staff_requests_kind', t.kind, STAFF_REQUEST_KINDS),
    oneOf('staff_requests_state', t.state, STAFF_REQUEST_STATES),
    check('staff_requests_four_eyes', sql`${t.decidedBy} is null or ${t.decidedBy} <> ${t.askedBy}`),
    check('staff_requests_amount', sql`${t.amountCents} > 0`),
    index('staff_requests_waiting')
      .on(t.askedAt)
      .where(sql`${t.state} = 'waiting'`),
  ],
);

/**
 * Each money move a person of 48 made: one row a move, whose id is the ledger row's cause
 * (`staff:<id>`). A charge is reversed once (unique `reverses`), a request applied once (unique `request_id`).
 */
export const staffMoney = pgTable(
  'staff_money',
  {
    id: rowId(),
    kind: text('kind', { enum: STAFF_REQUEST_KINDS }).notNull(),
    memberId: memberColumn(),
    ssn: text('ssn').notNull(),
    cents: integer('cents').notNull(),
    reverses: integer('reverses'),
    requestId: integer('request_id').references(() => staffRequests.id),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id),
    at: ts('at').notNull(),
  },
  (t) => [
    uniqueIndex('staff_money_reverses_once').on(t.reverses),
    uniqueIndex('staff_money_request_once').on(t.requestId),
    index('staff_money_member').on(t.memberId, t.at),
    check('staff_money_cents', sql`${t.cents} > 0`),
  ],
);

/** An item of a work queue someone works on: one person at a time, until `until`. */
export const staffTakes = pgTable(
  'staff_takes',
  {
    queue: text('queue').notNull(),
    ref: text('ref').notNull(),
    personId: integer('person_id')
      .notNull()
      .references(() => staffPeople.id),
    until: ts('until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.queue, t.ref] })],
);
