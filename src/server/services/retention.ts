import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm';
import { networkEvents, outbox, pushSubscriptions, sessions, webauthnChallenges } from '../db/schema.ts';
import type { ServiceContext } from './outcome.ts';

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
} as const;

/** The network sends thousands of events a second at its busiest: its table gives up more a turn. */
const NETWORK_EVENTS_BATCH = 50_000;

/** Rows a table gives up a turn: a backlog (the first run on an old database) goes in bounded steps, each turn's locks short. */
const PRUNE_BATCH = 5_000;

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * 86_400_000);

/**
 * One turn of pruning, each table through an index on the time that ages it. A session that still
 * carries a device's push subscription stays: the device keeps its alerts until it logs out (docs/product/phone.md).
 */
export async function pruneGrowingTables({ db, clock }: ServiceContext): Promise<Record<string, number>> {
  const now = clock();
  const oldSessions = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(
      and(
        lt(sessions.createdAt, daysBefore(now, RETENTION.sessionDays)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(pushSubscriptions)
            .where(eq(pushSubscriptions.sessionId, sessions.id)),
        ),
      ),
    )
    .orderBy(sessions.createdAt)
    .limit(PRUNE_BATCH);
  const sessionsGone = await db
    .delete(sessions)
    .where(inArray(sessions.id, oldSessions))
    .returning({ id: sessions.id });
  const sentMail = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(lt(outbox.sentAt, daysBefore(now, RETENTION.sentMailDays)))
    .orderBy(outbox.sentAt)
    .limit(PRUNE_BATCH);
  const mailGone = await db.delete(outbox).where(inArray(outbox.id, sentMail)).returning({ id: outbox.id });
  const challengesGone = await db
    .delete(webauthnChallenges)
    .where(lt(webauthnChallenges.expiresAt, now))
    .returning({ id: webauthnChallenges.id });
  const oldEvents = db
    .select({ id: networkEvents.eventId })
    .from(networkEvents)
    .where(lt(networkEvents.receivedAt, daysBefore(now, RETENTION.networkEventDays)))
    .orderBy(networkEvents.receivedAt)
    .limit(NETWORK_EVENTS_BATCH);
  const eventsGone = await db
    .delete(networkEvents)
    .where(inArray(networkEvents.eventId, oldEvents))
    .returning({ id: networkEvents.eventId });
  return {
    sessions: sessionsGone.length,
    mail: mailGone.length,
    passkeyChallenges: challengesGone.length,
    networkEvents: eventsGone.length,
  };
}
