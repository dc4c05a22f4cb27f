import { and, asc, eq, isNull } from 'drizzle-orm';
import { ticketEntries, tickets } from '../db/schema.ts';
import type { TicketsAdapter } from '../integrations/tickets/index.ts';
import type { ServiceContext } from '../services/outcome.ts';

/**
 * Tickets not yet with the help desk are handed over (oldest first, outside any transaction), each
 * marked once the help desk has it: a help desk that is away loses nothing, the next turn tries again.
 */
export async function forwardTickets({ db, clock }: ServiceContext, desk: TicketsAdapter): Promise<number> {
  const waiting = await db.select().from(tickets).where(isNull(tickets.forwardedAt)).orderBy(asc(tickets.id)).limit(50);
  let forwarded = 0;
  for (const t of waiting) {
    const [first] = await db
      .select({ body: ticketEntries.body })
      .from(ticketEntries)
      .where(and(eq(ticketEntries.ticketId, t.id), eq(ticketEntries.author, 'customer')))
      .orderBy(asc(ticketEntries.id))
      .limit(1);
    try {
      await desk.forward({
        reference: t.reference,
        kind: t.kind,
        topic: t.topic,
        name: t.name,
        email: t.email,
        msisdn: t.msisdn,
        message: first?.body ?? '',
      });
    } catch {
      continue;
    }
    await db
      .update(tickets)
      .set({ forwardedAt: clock() })
      .where(and(eq(tickets.id, t.id), isNull(tickets.forwardedAt)));
    forwarded += 1;
  }
  return forwarded;
}
