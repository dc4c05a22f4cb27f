import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ALERT_CAUSES } from '../../../contract/alerts.schema.ts';
import { createdAt, oneOf, partOf, rowId, ts } from '../../db/schema/columns.ts';
import { sessions } from '../identity/access.tables.ts';
import { memberColumn } from '../identity/members.tables.ts';

/**
 * The alerts module's tables (docs/product/member-controls.md, docs/product/phone.md): the messages in
 * a member's notification centre, the alert switches, the alerts raised once per cause and the
 * devices they are pushed to. Other modules tell a member something through alerts' face (`notify`,
 * `raiseAlert`), never by writing these.
 */

export const notifications = pgTable(
  'notifications',
  {
    id: rowId(),
    memberId: memberColumn(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    read: boolean('read').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index('notifications_member_time_idx').on(t.memberId, t.createdAt, t.id)],
);

/** The member's alert switches (docs/product/member-controls.md): a row per cause; none means both channels on. */
export const alertSettings = pgTable(
  'alert_settings',
  {
    memberId: memberColumn(),
    cause: text('cause', { enum: ALERT_CAUSES }).notNull(),
    inApp: boolean('in_app').notNull(),
    email: boolean('email').notNull(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.cause] }), oneOf('alert_settings_cause', t.cause, ALERT_CAUSES)],
);

/** Alerts raised, one row per cause (its key): the scheduled job may run any number of times. */
export const alerts = pgTable(
  'alerts',
  {
    id: rowId(),
    memberId: memberColumn(),
    cause: text('cause', { enum: ALERT_CAUSES }).notNull(),
    causeKey: text('cause_key').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    /** When its push went to the member's devices (docs/product/phone.md); null: not yet (the jobs send it). */
    pushedAt: ts('pushed_at'),
  },
  (t) => [
    uniqueIndex('alerts_once_per_cause').on(t.causeKey),
    index('alerts_member_time_idx').on(t.memberId, t.createdAt, t.id),
    index('alerts_to_push_idx')
      .on(t.id)
      .where(sql`${t.pushedAt} is null`),
  ],
);

/**
 * Web Push subscriptions (docs/product/phone.md): one per device of a member that turned "Notifications on this
 * device" on. The endpoint is the push service's URL for that browser (checked against the allowed
 * hosts before it is kept); the session that subscribed ends it at log-out.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: rowId(),
    memberId: memberColumn(),
    endpoint: text('endpoint').notNull(),
    /** The browser's P-256 public key and auth secret (base64url), for aes128gcm. */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The session that made it: the subscription ends with it (modules/identity/sessions.ts endSessions). */
    sessionId: partOf('session_id', () => sessions.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_member_idx').on(t.memberId),
    // A session's subscription: ended with it (the cascade), and kept from pruning while there.
    index('push_subscriptions_session_idx').on(t.sessionId),
  ],
);
