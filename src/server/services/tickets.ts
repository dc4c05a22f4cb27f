import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { ticketEntries, tickets } from '../db/schema.ts';
import { sendMail } from '../integrations/mail/index.ts';
import type { Clock } from './clock.ts';

/**
 * An agent's answer to a ticket (the help desk's reply, or the sandbox agent's): kept as an entry,
 * the ticket answered, and the answer mailed to the person with the reference, in one transaction.
 * Plain text throughout. A closed ticket takes no answer.
 */
export async function answerTicket(
  db: Database,
  clock: Clock,
  ticketId: number,
  answer: string,
): Promise<'answered' | 'closed' | 'unknown'> {
  const body = answer.trim();
  if (!body) return 'unknown';
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!t) return 'unknown';
    if (t.state === 'closed') return 'closed';
    const now = clock();
    await tx.insert(ticketEntries).values({ ticketId, author: 'agent', body, createdAt: now });
    await tx
      .update(tickets)
      .set({ state: 'answered' })
      .where(and(eq(tickets.id, ticketId), ne(tickets.state, 'closed')));
    if (t.email)
      await sendMail(tx, clock, {
        to: t.email,
        subject: `An answer to ${t.reference}`,
        body: [
          `Hi ${t.name},`,
          '',
          body,
          '',
          `Your reference: ${t.reference}. Reply to this e-mail to add to it.`,
          '',
          '48',
        ].join('\n'),
      });
    return 'answered';
  });
}
