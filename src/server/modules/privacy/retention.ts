import { NETWORK_ORDER_ENDS } from '../../../contract/network.ts';
import { and, eq, exists, gt, inArray, lt, ne, notExists, or, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { networkEvents, countedUses, networkOrders, outbox, pushSubscriptions, sessions } from '../../db/schema.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { forgetExpiredChallenges } from '../identity/index.ts';

/**
 * How long rows that only grow are kept once they are of no more use (ADR 038): a session a month
 * after it began (none lives past 8 hours; the month keeps "where you are signed in" and an
 * investigation's trail), a mail three months after it was sent, a passkey challenge once expired.
 */
export const RETENTION = {
  sessionDays: 30,
  sentMailDays: 90,
  /** The network's events, once applied (a hub retries for hours, not weeks): docs/product/network.md. */
  networkEventDays: 35,
  /**
   * The network's ended orders, 13 months after their end (an operator's and a complaint's trail);
   * a data bar or lift stays while it is the latest of its line and reason: it is what stands.
   */
  networkOrderDays: 400,
} as const;

/** The network sends thousands of events a second at its busiest: its table gives up more a turn. */
const NETWORK_EVENTS_BATCH = 50_000;

/** Rows a table gives up a turn: a backlog (the first run on an old database) goes in bounded steps, each turn's locks short. */
const PRUNE_BATCH = 5_000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/** Deletes a table's rows the condition ages out, oldest first and at most `limit` a turn: how many went. */
async function pruneOldest(
  db: ServiceContext['db'],
  table: PgTable,
  {
    id,
    age,
    where,
    limit = PRUNE_BATCH,
  }: { id: AnyPgColumn; age: AnyPgColumn; where: SQL | undefined; limit?: number },
) {
  const oldest = db.select({ id }).from(table).where(where).orderBy(age).limit(limit);
  return (await db.delete(table).where(inArray(id, oldest)).returning({ id })).length;
}

/**
 * One turn of pruning, each table through an index on the time that ages it. A session that still
 * carries a device's push subscription stays: the device keeps its alerts until it logs out (docs/product/phone.md).
 */
export async function pruneGrowingTables({ db, clock }: ServiceContext): Promise<Record<string, number>> {
  const now = clock();
  const sessionsGone = await pruneOldest(db, sessions, {
    id: sessions.id,
    age: sessions.createdAt,
    where: and(
      lt(sessions.createdAt, daysBefore(now, RETENTION.sessionDays)),
      notExists(
        db
          .select({ one: sql`1` })
          .from(pushSubscriptions)
          .where(eq(pushSubscriptions.sessionId, sessions.id)),
      ),
    ),
  });
  const mailGone = await pruneOldest(db, outbox, {
    id: outbox.id,
    age: outbox.sentAt,
    where: lt(outbox.sentAt, daysBefore(now, RETENTION.sentMailDays)),
  });
  const challengesGone = await forgetExpiredChallenges(db, now);
  const eventsGone = await pruneOldest(db, networkEvents, {
    id: networkEvents.eventId,
    age: networkEvents.receivedAt,
    where: lt(networkEvents.receivedAt, daysBefore(now, RETENTION.networkEventDays)),
    limit: NETWORK_EVENTS_BATCH,
  });
  // A use's id is known as long as its events are: a resend after that cannot be told from a new use.
  const usesGone = await pruneOldest(db, countedUses, {
    id: countedUses.usageId,
    age: countedUses.countedAt,
    where: lt(countedUses.countedAt, daysBefore(now, RETENTION.networkEventDays)),
    limit: NETWORK_EVENTS_BATCH,
  });
  const later = alias(networkOrders, 'later');
  const ordersGone = await pruneOldest(db, networkOrders, {
    id: networkOrders.id,
    age: networkOrders.updatedAt,
    where: and(
      inArray(networkOrders.state, [...NETWORK_ORDER_ENDS]),
      lt(networkOrders.updatedAt, daysBefore(now, RETENTION.networkOrderDays)),
      or(
        ne(networkOrders.service, 'dataAccess'),
        exists(
          db
            .select({ one: sql`1` })
            .from(later)
            .where(
              and(
                eq(later.line, networkOrders.line),
                eq(later.service, 'dataAccess'),
                gt(later.id, networkOrders.id),
                sql`${later.characteristics}->>'reason' = ${networkOrders.characteristics}->>'reason'`,
              ),
            ),
        ),
      ),
    ),
  });
  return {
    networkOrders: ordersGone,
    sessions: sessionsGone,
    mail: mailGone,
    passkeyChallenges: challengesGone,
    networkEvents: eventsGone,
    countedUses: usesGone,
  };
}
