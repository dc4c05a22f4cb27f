import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ticketReference } from '../../../../contract/contact.ts';
import { formatMsisdn } from '../../../../contract/format.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import type { Queryable } from '../../../db/client.ts';
import type { NetworkQuestion } from '../../network/index.ts';

/**
 * The mobile network needs information to go on with an order (TMF641
 * ServiceOrderInformationRequiredEvent, docs/product/network.md): a ticket for the operator, in the
 * event's transaction, handed to the help desk as every ticket is. It is nobody's message: no member
 * reads it, nobody is mailed, and it never turns into a complaint.
 */
export const NETWORK_TICKET_SENDER = { name: 'The mobile network', email: 'network-operations@48.invalid' } as const;

export async function ticketForNetworkQuestion(
  tx: Queryable,
  { order, field, asked, now }: NetworkQuestion,
): Promise<void> {
  const [row] = await tx
    .insert(tickets)
    .values({
      reference: `pending:${randomUUID()}`,
      kind: 'ticket',
      origin: 'network',
      topic: 'My SIM or order',
      state: 'open',
      memberId: null,
      ...NETWORK_TICKET_SENDER,
      msisdn: order.msisdn,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: tickets.id });
  await tx
    .update(tickets)
    .set({ reference: ticketReference('ticket', row!.id) })
    .where(eq(tickets.id, row!.id));
  const body = [
    `The mobile network needs information to go on with an order: ${order.service} ${order.action}${order.msisdn ? ` for ${formatMsisdn(order.msisdn)}` : ''}.`,
    `Our order: ${order.externalId}${order.networkId ? `; the network's: ${order.networkId}` : ''}.`,
    ...(field ? [`What it needs: ${field}`] : []),
    ...(asked ? [`What it said: ${asked}`] : []),
    'Answer it at the network (TMF641), then close this ticket.',
  ].join('\n');
  await tx.insert(ticketEntries).values({ ticketId: row!.id, author: 'portal', kind: 'message', body, createdAt: now });
}
