import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { NoticeValue } from '../../../contract/i18n/notice.ts';
import {
  HOUSEHOLD_ROLES,
  LINE_FILTERS,
  PAUSE_KINDS,
  REQUEST_KINDS,
  REQUEST_NOTE_MAX,
  REQUEST_STATES,
  REQUESTS_OPEN_PER_LINE,
} from '../../../contract/household.ts';
import { createdAt, oneOf, partOf, rowId, ts } from '../../db/schema/columns.ts';
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
    /** A manager runs the household's lines with the owner (the owner appoints). */
    role: text('role', { enum: HOUSEHOLD_ROLES }).notNull().default('member'),
    /** Under 18: asked by the owner, accepted by the line (then only the owner or a manager changes its filters). */
    under18: text('under18', { enum: ['asked', 'accepted'] }),
    /** The household's cap on the line's data each membership period (null: the membership's own allowance). */
    dataCapKb: integer('data_cap_kb'),
    /** The last cap alert sent, as `<percent>:<membership id>` (each once a period). */
    capAlerted: text('cap_alerted'),
    /** The owner stopped an under-18 line's data going to, or coming from, numbers outside the household. */
    sharingOff: boolean('sharing_off').notNull().default(false),
  },
  (t) => [
    oneOf('household_lines_role', t.role, HOUSEHOLD_ROLES),
    oneOf('household_lines_under18', t.under18, ['asked', 'accepted']),
    check('household_lines_cap', sql`${t.dataCapKb} is null or ${t.dataCapKb} between 1048576 and 104857600`),
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

/**
 * What stands at the network for a line (docs/product/lifelines.md "Controls"): one row per line and
 * control, as it was last asked for, with what it was before (a refused order puts that back) and
 * where the network's order is. A pause has its kind and its end; a filter is on or off.
 */
export const lineControls = pgTable(
  'line_controls',
  {
    id: rowId(),
    ssn: simColumn(),
    control: text('control', { enum: ['pause', ...LINE_FILTERS] }).notNull(),
    /** `off`, `on` (a filter), or the pause's kind. */
    value: text('value').notNull(),
    previous: text('previous').notNull(),
    /** A pause's end: it resumes by itself then. */
    until: ts('until'),
    previousUntil: ts('previous_until'),
    /** The network's word on the last change: switching (ordered), done, refused (put back). */
    network: text('network', { enum: ['switching', 'done', 'refused'] }).notNull(),
    changedAt: ts('changed_at').notNull(),
    /** Set by the household (owner or manager), not the line itself: lifted when the line leaves. */
    byHousehold: boolean('by_household').notNull().default(false),
  },
  (t) => [
    uniqueIndex('line_controls_one').on(t.ssn, t.control),
    oneOf('line_controls_control', t.control, ['pause', ...LINE_FILTERS]),
    oneOf('line_controls_value', t.value, ['off', 'on', ...PAUSE_KINDS]),
    oneOf('line_controls_network', t.network, ['switching', 'done', 'refused']),
    index('line_controls_pause_ends')
      .on(t.until)
      .where(sql`${t.control} = 'pause' and ${t.value} <> 'off'`),
  ],
);

/** Who did what to a line (the household's actions and the network's answers), seen by the line and those who run it. */
export const lineHistory = pgTable(
  'line_history',
  {
    id: rowId(),
    ssn: simColumn(),
    at: ts('at').notNull(),
    /** Who did it: a member's name, or "The network" / "Automatically". */
    actor: text('actor').notNull(),
    /** What was done, in English as it was written (the record). */
    text: text('text').notNull(),
    /** The same as words of the catalogue, said in the reader's language (none on rows written before). */
    said: jsonb('said').$type<NoticeValue>(),
  },
  (t) => [index('line_history_line').on(t.ssn, t.at)],
);

/**
 * What a line asks its household for (docs/product/lifelines.md "Requests"): an add-on, a membership,
 * credit, roaming data past the cap, a higher data cap. Open for 24 hours; the owner or a manager
 * approves (paying, in the purchase's transaction) or declines. An open request holds one of its
 * line's three seats: the database keeps "at most 3 open a line" under requests at once.
 */
export const householdRequests = pgTable(
  'household_requests',
  {
    id: rowId(),
    householdId: partOf('household_id', () => households.id),
    ssn: simColumn(),
    /** The line's member who asked. */
    askedBy: memberColumn('asked_by'),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    /** The add-on's or membership's product. */
    sku: text('sku'),
    amountCents: integer('amount_cents'),
    /** The data cap asked for, in GB. */
    gb: integer('gb'),
    state: text('state', { enum: REQUEST_STATES }).notNull().default('open'),
    /** 1..3 while open, null once answered. */
    seat: integer('seat'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    answeredAt: ts('answered_at'),
    /** Who answered: a member's name, or "Automatically" for an expiry. */
    answeredBy: text('answered_by'),
    note: text('note'),
    /** While an approval is paying (one at a time however often it is pressed): until then no other starts. */
    approvingUntil: ts('approving_until'),
  },
  (t) => [
    oneOf('household_requests_kind', t.kind, REQUEST_KINDS),
    oneOf('household_requests_state', t.state, REQUEST_STATES),
    check(
      'household_requests_seat',
      sql`(${t.state} = 'open') = (${t.seat} is not null) and coalesce(${t.seat}, 1) between 1 and ${sql.raw(String(REQUESTS_OPEN_PER_LINE))}`,
    ),
    check(
      'household_requests_note',
      sql`${t.note} is null or length(${t.note}) <= ${sql.raw(String(REQUEST_NOTE_MAX))}`,
    ),
    uniqueIndex('household_requests_seats').on(t.ssn, t.seat),
    index('household_requests_household').on(t.householdId, t.createdAt),
    index('household_requests_open')
      .on(t.expiresAt)
      .where(sql`${t.state} = 'open'`),
  ],
);
