import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { chatReference } from '../../../../contract/chat.ts';
import type { ChatSummary } from '../../../../contract/chat.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { chats, tickets } from '../../../db/schema.ts';

/* Chats read as lists: the queue job's, the agent's console, a member's, and those old enough to go. */

/** Chats nobody answered in time: each becomes a message (oldest first). */
export async function unansweredChats(db: Queryable, before: Date, limit = 50) {
  return db
    .select({ id: chats.id })
    .from(chats)
    .where(and(eq(chats.state, 'waiting'), lt(chats.createdAt, before)))
    .orderBy(asc(chats.createdAt), asc(chats.id))
    .limit(limit);
}

/** Chats answered in the hour before `now`: the queue's wait estimate (queueOf, and each instance's read of the queue). */
export async function answeredInLastHour(db: Queryable, now: Date): Promise<number> {
  const [answered] = await db
    .select({ n: count() })
    .from(chats)
    .where(gte(chats.answeredAt, new Date(now.getTime() - 3_600_000)));
  return answered?.n ?? 0;
}

/** Waiting chats whose page has had no stream open on any instance since `before` (closed): oldest first. */
export async function goneChats(db: Queryable, before: Date, limit = 50) {
  return db
    .select({ id: chats.id })
    .from(chats)
    .where(
      and(
        eq(chats.state, 'waiting'),
        sql`coalesce(${chats.streamSeenAt}, ${chats.createdAt}) < ${before.toISOString()}`,
      ),
    )
    .orderBy(asc(chats.createdAt), asc(chats.id))
    .limit(limit);
}

/** The waiting chats, oldest first, and the ones being talked in (the agent's console). */
export const openChats = (db: Queryable) =>
  db
    .select()
    .from(chats)
    .where(inArray(chats.state, ['waiting', 'talking']))
    .orderBy(asc(chats.createdAt), asc(chats.id))
    .limit(100);

/** A member's chats, newest first (my48 → Support). */
export async function chatsOfMember(db: Queryable, memberId: number): Promise<ChatSummary[]> {
  const rows = await db
    .select({
      chat: chats,
      ticket: tickets.reference,
    })
    .from(chats)
    .leftJoin(tickets, eq(tickets.id, chats.ticketId))
    .where(eq(chats.memberId, memberId))
    .orderBy(desc(chats.id))
    .limit(100);
  return rows.map(({ chat, ticket }) => ({
    reference: chatReference(chat.id),
    state: chat.state,
    agent: chat.agentName,
    started_at: chat.createdAt.toISOString(),
    ended_at: chat.endedAt?.toISOString() ?? null,
    ticket,
  }));
}

/** Chats ended over a year ago are removed (as tickets are). */
export async function pruneChats(db: Queryable, now: Date): Promise<number> {
  const gone = await db
    .delete(chats)
    .where(lt(chats.endedAt, new Date(now.getTime() - 365 * 86_400_000)))
    .returning({ id: chats.id });
  return gone.length;
}
