import { and, asc, desc, eq, isNotNull, lt, ne, or } from 'drizzle-orm';
import { KEEP_CLOSED_DAYS } from '../../../../contract/contact.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';

/** A member's tickets and complaints, newest first. */
export function ticketsOfMember(db: Queryable, memberId: number) {
  return db.select().from(tickets).where(eq(tickets.memberId, memberId)).orderBy(desc(tickets.id)).limit(100);
}

/** One of the member's tickets by its reference, with its timeline; another's is none. */
export async function ticketOfMember(db: Queryable, memberId: number, reference: string) {
  const [t] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.reference, reference), eq(tickets.memberId, memberId)));
  if (!t) return null;
  const entries = await db
    .select()
    .from(ticketEntries)
    .where(eq(ticketEntries.ticketId, t.id))
    .orderBy(asc(ticketEntries.id));
  return { ticket: t, entries };
}

/**
 * The records the complaints code asks us to keep have a year after closing; then they go, with
 * their timelines. A ticket (not a complaint) with nothing new for a year goes too. Returns how many.
 */
export async function pruneTickets({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const cutoff = new Date(clock().getTime() - KEEP_CLOSED_DAYS * 86_400_000);
  const gone = await db
    .delete(tickets)
    .where(
      or(
        and(isNotNull(tickets.closedAt), lt(tickets.closedAt, cutoff)),
        and(eq(tickets.kind, 'ticket'), ne(tickets.state, 'closed'), lt(tickets.updatedAt, cutoff)),
      ),
    )
    .returning({ id: tickets.id });
  return gone.length;
}
