import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { COMPLAINT_TOPIC, ticketReference, type ContactTopic, type TicketKind } from '../../../contract/contact.ts';
import { formatMsisdn } from '../../../contract/format.ts';
import { ticketEntries, tickets } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import { siteLink } from '../../services/links.ts';
import type { ServiceContext } from '../../services/outcome.ts';

export interface ContactMessage {
  topic: ContactTopic;
  name: string;
  email: string;
  msisdn?: string | undefined;
  message: string;
}

/**
 * A message for the help desk (customer-care.md): a ticket, or a complaint for its topic, kept with
 * its reference and the message as its first entry, and the sender mailed the reference with a copy
 * of what they wrote (a durable record), all in one transaction: a reference shown is a reference kept.
 */
export async function receiveMessage(
  { db, clock }: ServiceContext,
  from: { memberId: number | null },
  m: ContactMessage,
  /** SITE_URL: the mail's links point there, never at the request's host. */
  siteUrl: string,
): Promise<{ reference: string; kind: TicketKind }> {
  const now = clock();
  const kind: TicketKind = m.topic === COMPLAINT_TOPIC ? 'complaint' : 'ticket';
  return db.transaction(async (tx) => {
    // The reference comes from the row's number: the row first, under a placeholder of its own.
    const [row] = await tx
      .insert(tickets)
      .values({
        reference: `pending:${randomUUID()}`,
        kind,
        topic: m.topic,
        memberId: from.memberId,
        name: m.name,
        email: m.email,
        msisdn: m.msisdn || null,
        createdAt: now,
      })
      .returning({ id: tickets.id });
    const reference = ticketReference(kind, row!.id);
    await tx.update(tickets).set({ reference }).where(eq(tickets.id, row!.id));
    await tx.insert(ticketEntries).values({ ticketId: row!.id, author: 'customer', body: m.message, createdAt: now });
    const what = kind === 'complaint' ? 'complaint' : 'message';
    await sendMail(tx, clock, {
      to: m.email,
      subject: `Your ${what} to 48: ${reference}`,
      body: [
        `Hi ${m.name},`,
        '',
        `We have your ${what}. Your reference is ${reference}: quote it if you contact us about this again.`,
        kind === 'complaint'
          ? `We answer a complaint within 10 working days, or tell you by then when we will and why. Our code of practice says how we handle complaints: ${siteLink(siteUrl, '/legal/code-of-practice')}`
          : 'A person from our team will answer by e-mail.',
        '',
        `Topic: ${m.topic}`,
        ...(m.msisdn ? [`Number: ${formatMsisdn(m.msisdn)}`] : []),
        'What you wrote:',
        m.message,
        '',
        '48',
      ].join('\n'),
    });
    return { reference, kind };
  });
}
