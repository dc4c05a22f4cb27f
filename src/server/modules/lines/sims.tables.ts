import { sql } from 'drizzle-orm';
import { bigint, check, date, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { BILLING_STATUSES, PORT_IN_ACCOUNT_TYPES, SIM_KINDS, SIM_STATUSES } from '../../../contract/constants.ts';
import { LINE_STATES } from '../../../contract/network.ts';
import { PORT_IN_STATUSES, PORT_IN_STEPS } from '../../../contract/sim-settings.schema.ts';
import { createdAt, oneOf, partOf, rowId, ts, valuesOf } from '../../db/schema/columns.ts';
import { memberColumn } from '../identity/members.tables.ts';

/** A port-in not yet completed, rejected or cancelled (one open request a member). */
const PORT_IN_OPEN = PORT_IN_STEPS.filter((s) => s !== 'completed');

export const sims = pgTable(
  'sims',
  {
    ssn: text('ssn').primaryKey(),
    memberId: memberColumn(),
    msisdn: text('msisdn'),
    product: text('product').notNull(),
    requester: text('requester').notNull().default('1'),
    status: text('status', { enum: SIM_STATUSES }).notNull(),
    puk: text('puk').notNull(),
    /** The billing platform behind this SIM: 'ok', or 'unavailable' while it does not answer. */
    billingStatus: text('billing_status', { enum: BILLING_STATUSES }).notNull().default('ok'),
    /** Reported lost or stolen: nothing may be bought, moved or ordered with it until it is unblocked. */
    blockedAt: ts('blocked_at'),
    /** A physical card or an eSIM profile; an eSIM has its activation code (LPA:1$<SM-DP+>$<matching id>). */
    kind: text('kind', { enum: SIM_KINDS }).notNull().default('physical'),
    esimActivationCode: text('esim_activation_code'),
    /**
     * What the mobile network holds of the line (docs/product/network.md): active, suspended (a lost
     * SIM, once the network has done it), or null while its activation order has not completed.
     */
    lineState: text('line_state', { enum: LINE_STATES }).default('active'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sims_msisdn_unique').on(t.msisdn),
    index('sims_member_idx').on(t.memberId),
    oneOf('sims_status', t.status, SIM_STATUSES),
    check(
      'sims_kind',
      // An eSIM's code comes from the network when its order completes: none before, never on a card.
      sql`${t.kind} in ${valuesOf(SIM_KINDS)} and (${t.kind} = 'esim' or ${t.esimActivationCode} is null)`,
    ),
    oneOf('sims_billing_status', t.billingStatus, BILLING_STATUSES),
    check('sims_line_state', sql`${t.lineState} is null or ${t.lineState} in ${valuesOf(LINE_STATES)}`),
    check('sims_msisdn_shape', sql`${t.msisdn} is null or ${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

/**
 * Requests to move a number from another network to 48 (port-in). While one is open the member
 * has the PORTIN_IN_PROGRESS segment; the partial unique index allows one open request each.
 */
export const portInRequests = pgTable(
  'port_in_requests',
  {
    id: rowId(),
    memberId: memberColumn(),
    ssn: simColumn(),
    msisdn: text('msisdn').notNull(),
    provider: text('provider').notNull(),
    accountType: text('account_type', { enum: PORT_IN_ACCOUNT_TYPES }).notNull(),
    accountNumber: text('account_number'),
    status: text('status', { enum: [...PORT_IN_STATUSES] })
      .notNull()
      .default('requested'),
    /** The day the number moves, once the donor network has scheduled it (Irish date). */
    scheduledFor: date('scheduled_for'),
    /** Why the donor network rejected the request. */
    reason: text('reason'),
    /** When the status last changed (the sandbox donor moves a request on a few minutes after this). */
    updatedAt: ts('updated_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('port_in_one_open')
      .on(t.memberId)
      .where(sql`${t.status} in ${valuesOf(PORT_IN_OPEN)}`),
    oneOf('port_in_status', t.status, PORT_IN_STATUSES),
    oneOf('port_in_account_type', t.accountType, PORT_IN_ACCOUNT_TYPES),
    check('port_in_msisdn_shape', sql`${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

/** Each step of a port-in request, for the timeline in settings → move your number. */
export const portInEvents = pgTable(
  'port_in_events',
  {
    id: rowId(),
    requestId: partOf('request_id', () => portInRequests.id),
    status: text('status', { enum: [...PORT_IN_STATUSES] }).notNull(),
    note: text('note'),
    at: ts('at').notNull(),
  },
  (t) => [uniqueIndex('port_in_events_once').on(t.requestId, t.status)],
);

export const dailyUsage = pgTable(
  'daily_usage',
  {
    ssn: simColumn(),
    day: date('day', { mode: 'string' }).notNull(),
    dataKb: bigint('data_kb', { mode: 'number' }).notNull().default(0),
    minutes: integer('minutes').notNull().default(0),
    texts: integer('texts').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.ssn, t.day] }),
    check('daily_usage_not_negative', sql`${t.dataKb} >= 0 and ${t.minutes} >= 0 and ${t.texts} >= 0`),
  ],
);

/** A row of one SIM's, gone with the SIM's row (a number's history moves with the number: modules/lines/sim-keyed.ts). */
export function simColumn(name = 'ssn') {
  return text(name)
    .notNull()
    .references(() => sims.ssn, { onDelete: 'cascade' });
}

/** The one row a SIM has of this table, gone with the SIM's row. */
export function simKey() {
  return text('ssn')
    .primaryKey()
    .references(() => sims.ssn, { onDelete: 'cascade' });
}
