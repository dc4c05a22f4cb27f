import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import {
  BARRIER_TOPIC,
  BARRIER_WORKING_DAYS,
  COMPLAINT_TOPIC,
  RESPOND_WORKING_DAYS,
  ticketReference,
  type ContactTopic,
  type TicketKind,
} from '../../../../contract/contact.ts';
import { formatMsisdn } from '../../../../contract/format.ts';
import type { Database } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { claimUploads, sizeText } from '../attachments.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { siteLink } from '../../../kernel/links.ts';
import { workingDayAfter } from '../../../kernel/working-days.ts';
import { acknowledgementOf, greeting, longDay } from './texts.ts';

export interface NewTicket {
  topic: ContactTopic;
  name: string;
  email: string;
  msisdn?: string | null | undefined;
  message: string;
  /** Upload tokens (modules/care/attachments.ts) to join to the ticket. */
  attachments?: readonly string[] | undefined;
}

/**
 * Opens a ticket, or a complaint for the complaint topic: the reference comes from the row's number,
 * the message is the first entry. A complaint is acknowledged at once (the reference on the page and
 * mailed, with the day its response is due and the code of practice); a ticket's mail says a person
 * will answer. The mail carries a copy of what was written (a durable record) only to an address a
 * session proves (`copyToSender`); to any other it says the reference and how to follow it, and
 * nothing the sender wrote.
 */
export async function openTicket(
  db: Database,
  clock: Clock,
  siteUrl: string,
  from: { memberId: number | null; copyToSender: boolean },
  m: NewTicket,
): Promise<Outcome<{ id: number; reference: string; kind: TicketKind; dueOn: string | null }, 'attachmentGone'>> {
  const now = clock();
  const kind: TicketKind = m.topic === COMPLAINT_TOPIC ? 'complaint' : 'ticket';
  // A complaint is answered within the code of practice's 10 working days, a barrier within 5.
  const dueOn =
    kind === 'complaint'
      ? workingDayAfter(dayOf(now), RESPOND_WORKING_DAYS)
      : m.topic === BARRIER_TOPIC
        ? workingDayAfter(dayOf(now), BARRIER_WORKING_DAYS)
        : null;
  return db
    .transaction(async (tx) => {
      // The reference comes from the row's number: the row first, under a placeholder of its own.
      // An attachment that is gone (expired, or sent already) rolls the whole message back.
      const [row] = await tx
        .insert(tickets)
        .values({
          reference: `pending:${randomUUID()}`,
          kind,
          topic: m.topic,
          state: kind === 'complaint' ? 'acknowledged' : 'open',
          memberId: from.memberId,
          name: m.name,
          email: m.email,
          msisdn: m.msisdn || null,
          createdAt: now,
          updatedAt: now,
          dueOn,
        })
        .returning({ id: tickets.id });
      const id = row!.id;
      const reference = ticketReference(kind, id);
      await tx.update(tickets).set({ reference }).where(eq(tickets.id, id));
      const attached = await claimUploads(tx, clock, id, m.attachments ?? []);
      if (!attached) throw new AttachmentGone();
      // An address nobody proved (a visitor's) is greeted without the name typed with it: what we mail
      // there carries none of the sender's words, so the portal relays nobody's text to a stranger.
      const opening = greeting(m.name, from.copyToSender);
      const copy = from.copyToSender
        ? [
            '',
            `Topic: ${m.topic}`,
            ...(m.msisdn ? [`Number: ${formatMsisdn(m.msisdn)}`] : []),
            ...(attached.length > 0
              ? [`Attached: ${attached.map((a) => `${a.filename} (${sizeText(a.size)})`).join(', ')}`]
              : []),
            'What you wrote:',
            m.message,
          ]
        : ['', 'We answer at this address. If you did not write to us, you can ignore this e-mail.'];
      if (kind === 'complaint') {
        const acknowledgement = acknowledgementOf(reference, dueOn!, from.memberId !== null);
        await tx.insert(ticketEntries).values([
          { ticketId: id, author: 'customer', kind: 'received', body: m.message, createdAt: now },
          { ticketId: id, author: 'portal', kind: 'acknowledged', body: acknowledgement, createdAt: now },
        ]);
        await sendMail(tx, clock, {
          to: m.email,
          subject: `Your complaint to 48: ${reference}`,
          body: [
            opening,
            '',
            acknowledgement,
            `Our code of practice says how we handle complaints: ${siteLink(siteUrl, '/legal/code-of-practice')}`,
            ...copy,
            '',
            '48',
          ].join('\n'),
        });
      } else {
        await tx
          .insert(ticketEntries)
          .values({ ticketId: id, author: 'customer', kind: 'message', body: m.message, createdAt: now });
        await sendMail(tx, clock, {
          to: m.email,
          subject: `Your message to 48: ${reference}`,
          body: [
            opening,
            '',
            `We have your message. Your reference is ${reference}: quote it if you contact us about this again.`,
            dueOn
              ? `A person from our team will answer by e-mail by ${longDay(dueOn)} (within ${BARRIER_WORKING_DAYS} working days).`
              : 'A person from our team will answer by e-mail.',
            ...copy,
            '',
            '48',
          ].join('\n'),
        });
      }
      return done({ id, reference, kind, dueOn });
    })
    .catch((error: unknown) => {
      if (error instanceof AttachmentGone) return refused('attachmentGone');
      throw error;
    });
}

/** Thrown inside openTicket's transaction so that nothing of the message is kept. */
class AttachmentGone extends Error {}
