import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import {
  NETWORK_ACTIONS,
  NETWORK_EVENT_OUTCOMES,
  NETWORK_EVENT_TYPES,
  NETWORK_ORDER_STATES,
  NETWORK_SERVICES,
} from '../../../contract/network.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';

/**
 * The outbox of orders to the mobile network (docs/product/network.md): each written in the
 * transaction of its cause (one order per cause, the unique `cause`), sent by one job across
 * instances, in the order they were made for one line. `external_id` is what the network knows
 * the order by and its idempotency key: a resend after a crash is the same order, not a second one.
 * Not tied to a SIM's row: the network's record outlives a SIM the portal deletes.
 */
export const networkOrders = pgTable(
  'network_orders',
  {
    id: rowId(),
    externalId: text('external_id').notNull(),
    /** Why it was made, once per cause, in its cause's stored form (`line:suspended:<ssn>:<time>`, `activation:<ssn>`, …: modules/network/order-causes.ts). */
    cause: text('cause').notNull(),
    /** The line it is for (orders for one line go one after another): the SIM's ssn. */
    line: text('line').notNull(),
    msisdn: text('msisdn'),
    service: text('service', { enum: NETWORK_SERVICES }).notNull(),
    action: text('action', { enum: NETWORK_ACTIONS }).notNull(),
    /** The order's characteristics (TMF641 serviceCharacteristic), by name. */
    characteristics: jsonb('characteristics').$type<Record<string, string | boolean>>().notNull(),
    state: text('state', { enum: NETWORK_ORDER_STATES }).notNull().default('queued'),
    /** The network's own id of the order, once it has accepted it. */
    networkId: text('network_id'),
    /** Why the network rejected or failed it, or what the last try met. */
    reason: text('reason'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull(),
    lastError: text('last_error'),
    /** When the network said the state held (the event's time): among the states under way, a later report wins. */
    stateAt: ts('state_at'),
    /** The latest milestone the network reported (TMF641 v4.1), for /panda/ready and the log. */
    milestone: text('milestone'),
    /** The network's latest jeopardy alert: the order may be late (on /panda/ready while it is open). */
    jeopardy: text('jeopardy'),
    /** What the completed order carried back (an eSIM's activation code). */
    result: jsonb('result').$type<Record<string, string>>(),
    sentAt: ts('sent_at'),
    updatedAt: ts('updated_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('network_orders_external_id').on(t.externalId),
    uniqueIndex('network_orders_cause').on(t.cause),
    index('network_orders_queued')
      .on(t.line, t.id)
      .where(sql`${t.state} = 'queued'`),
    index('network_orders_open')
      .on(t.state, t.createdAt)
      .where(sql`${t.state} not in ('completed', 'failed', 'rejected', 'partial', 'cancelled')`),
    index('network_orders_line').on(t.line, t.service, t.id),
    // Pruning (modules/privacy/retention.ts): the ended orders, oldest first.
    index('network_orders_ended')
      .on(t.updatedAt)
      .where(sql`${t.state} in ('completed', 'failed', 'rejected', 'partial', 'cancelled')`),
    oneOf('network_orders_service', t.service, NETWORK_SERVICES),
    oneOf('network_orders_action', t.action, NETWORK_ACTIONS),
    oneOf('network_orders_state', t.state, NETWORK_ORDER_STATES),
  ],
);

/**
 * Every event the network sent, by its id: a replay finds its row and changes nothing. Usage is
 * kept as counted; an event for an unknown number or order is a dead letter, its body kept for an
 * operator. Pruned 35 days after they came (modules/privacy/retention.ts).
 */
export const networkEvents = pgTable(
  'network_events',
  {
    eventId: text('event_id').primaryKey(),
    eventType: text('event_type', { enum: NETWORK_EVENT_TYPES }).notNull(),
    eventTime: ts('event_time').notNull(),
    outcome: text('outcome', { enum: NETWORK_EVENT_OUTCOMES }).notNull(),
    /** The order it moved, for an order's history. */
    orderId: integer('order_id'),
    /** What it said (a dead letter's whole body, an order's state). */
    note: text('note'),
    body: jsonb('body'),
    receivedAt: ts('received_at').notNull(),
  },
  (t) => [
    index('network_events_dead')
      .on(t.receivedAt)
      .where(sql`${t.outcome} = 'deadLetter'`),
    index('network_events_order').on(t.orderId),
    index('network_events_received').on(t.receivedAt),
    oneOf('network_events_type', t.eventType, NETWORK_EVENT_TYPES),
    oneOf('network_events_outcome', t.outcome, NETWORK_EVENT_OUTCOMES),
  ],
);

/**
 * The portal's callback as registered at each of the network's hubs (TMF641, TMF635, TMF638 `POST
 * …/hub`): the subscription the hub answered, checked now and then and registered again when the
 * network forgot it.
 */
export const networkHubs = pgTable('network_hubs', {
  hub: text('hub').primaryKey(),
  /** The hub's id of the subscription (TMF EventSubscription.id); null until one holds. */
  subscriptionId: text('subscription_id'),
  callback: text('callback').notNull(),
  registeredAt: ts('registered_at'),
  checkedAt: ts('checked_at').notNull(),
  /** What the last try met, when the hub does not hold the callback. */
  error: text('error'),
});

/**
 * The network's own id of each line's service (TMF638 `Service.id`), read from its inventory when a
 * line is activated or ported in, and sent as `service.id` in modify and delete orders. Kept by the
 * number, which is what the service carries (a change of SIM keeps the service).
 */
export const networkServices = pgTable('network_services', {
  msisdn: text('msisdn').primaryKey(),
  serviceId: text('service_id').notNull(),
  readAt: ts('read_at').notNull(),
});

/** The latest reconciliation with the network's inventory (TMF638): one row, each difference listed. */
export const networkReconciliations = pgTable('network_reconciliations', {
  name: text('name').primaryKey(),
  ranAt: ts('ran_at').notNull(),
  differences: jsonb('differences').$type<{ msisdn: string; ours: string; network: string }[]>().notNull(),
  error: text('error'),
});
