import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ticketReference } from '../../../../contract/contact.ts';
import type { Queryable } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';

/**
 * A member said a change to their line was not theirs ("this wasn't me", docs/product/member-controls.md),
 * or another network asked for a number whose lock is on: a case for the desk, in the report's transaction, handed over as every ticket is, urgent and
 * at the top of its queue; for fraud the member is signed out of the help desk first (tickets.job.ts). It
 * never becomes a complaint, and the member is mailed by the report, not by the ticket.
 */
export async function openFraudTicket(
  tx: Queryable,
  at: Date,
  member: { id: number; name: string; email: string },
  msisdn: string,
  body: string,
  /** fraud: the member said it wasn't them; lock: a port-out asked for a locked number, to check with them. */
  origin: 'fraud' | 'lock' = 'fraud',
): Promise<string> {
  const [row] = await tx
    .insert(tickets)
    .values({
      reference: `pending:${randomUUID()}`,
      kind: 'ticket',
      origin,
      topic: 'My SIM or order',
      state: 'open',
      memberId: member.id,
      name: member.name,
      email: member.email,
      msisdn,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: tickets.id });
  const reference = ticketReference('ticket', row!.id);
  await tx.update(tickets).set({ reference }).where(eq(tickets.id, row!.id));
  await tx.insert(ticketEntries).values({ ticketId: row!.id, author: 'portal', kind: 'message', body, createdAt: at });
  return reference;
}
