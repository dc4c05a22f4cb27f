import { and, asc, eq, inArray, isNull } from 'drizzle-orm';
import { ticketAttachments, ticketEntries, tickets } from '../../db/schema.ts';
import type { TicketsAdapter } from './integrations/tickets/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { escalationsToForward } from './tickets.ts';

/**
 * Tickets not yet with the help desk are handed over (oldest first, outside any transaction), each
 * marked once the help desk has it: a help desk that is away loses nothing, the next turn tries again.
 * Then escalations of tickets it has: each passed on once.
 */
export async function forwardTickets(
  { db, clock }: ServiceContext,
  desk: TicketsAdapter,
  contactPreferencesOf: (memberId: number) => Promise<string | null> = async () => null,
): Promise<number> {
  const waiting = await db.select().from(tickets).where(isNull(tickets.forwardedAt)).orderBy(asc(tickets.id)).limit(50);
  let forwarded = 0;
  for (const t of waiting) {
    const [first] = await db
      .select({ body: ticketEntries.body })
      .from(ticketEntries)
      .where(and(eq(ticketEntries.ticketId, t.id), inArray(ticketEntries.author, ['customer', 'portal'])))
      .orderBy(asc(ticketEntries.id))
      .limit(1);
    const files = await db
      .select({
        filename: ticketAttachments.filename,
        contentType: ticketAttachments.contentType,
        data: ticketAttachments.data,
      })
      .from(ticketAttachments)
      .where(eq(ticketAttachments.ticketId, t.id))
      .orderBy(asc(ticketAttachments.id));
    let deskId: string | null;
    try {
      // A fraud case signs the member out of the help desk first: whoever took the line must not
      // read or answer the case there. Both steps are tried again together until the desk has the case.
      if (t.origin === 'fraud') await desk.signOut(t.email);
      ({ deskId } = await desk.forward({
        reference: t.reference,
        kind: t.kind,
        topic: t.topic,
        name: t.name,
        email: t.email,
        msisdn: t.msisdn,
        message: first?.body ?? '',
        // A ticket joins an account only from its signed-in session (care/contact), so the
        // account's data goes with a member's message and never with a visitor's.
        senderVerified: t.memberId !== null,
        contactPreferences: t.memberId === null ? null : await contactPreferencesOf(t.memberId),
        dueOn: t.dueOn,
        urgent: t.origin === 'fraud' || t.origin === 'lock',
        attachments: files,
      }));
    } catch {
      continue;
    }
    await db
      .update(tickets)
      .set({ forwardedAt: clock(), deskId })
      .where(and(eq(tickets.id, t.id), isNull(tickets.forwardedAt)));
    forwarded += 1;
  }
  for (const t of await escalationsToForward(db)) {
    const [why] = await db
      .select({ body: ticketEntries.body })
      .from(ticketEntries)
      .where(and(eq(ticketEntries.ticketId, t.id), eq(ticketEntries.kind, 'escalated')))
      .limit(1);
    try {
      await desk.escalate({ reference: t.reference, deskId: t.deskId, reason: why?.body ?? '' });
    } catch {
      continue;
    }
    await db
      .update(tickets)
      .set({ escalationForwardedAt: clock() })
      .where(and(eq(tickets.id, t.id), isNull(tickets.escalationForwardedAt)));
    forwarded += 1;
  }
  return forwarded;
}
