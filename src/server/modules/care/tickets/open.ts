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
import { message, type MessageKey, type Values } from '../../../../contract/i18n/messages.ts';
import { pathIn, type Locale } from '../../../../contract/i18n/locales.ts';
import type { Database } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { claimUploads, sizeText } from '../attachments.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { siteLink } from '../../../kernel/links.ts';
import { workingDayAfter } from '../../../kernel/working-days.ts';
import { acknowledgementOf, acknowledgementWords, greeting, longDay, readerOf } from './texts.ts';

export interface NewTicket {
  topic: ContactTopic;
  name: string;
  email: string;
  msisdn?: string | null | undefined;
  message: string;
  /** Upload tokens (modules/care/attachments.ts) to join to the ticket. */
  attachments?: readonly string[] | undefined;
  /** The language of the page it was written on: its mails' to someone with no account (English when none). */
  language?: Locale | undefined;
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
          language: m.language ?? 'en',
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
      // The mail in the member's language (a visitor's in the page's); the ticket's entries in English.
      const reader = { ...(await readerOf(tx, { ...from, language: m.language ?? 'en' })), proven: from.copyToSender };
      const say = (key: MessageKey, values?: Values) => message(reader.language, key, values);
      const copy = from.copyToSender
        ? [
            '',
            say('mail.care.copy.topic', { topic: say(`contact.topic.${m.topic}`) }),
            ...(m.msisdn ? [say('mail.care.copy.number', { number: formatMsisdn(m.msisdn) })] : []),
            ...(attached.length > 0
              ? [
                  say('mail.care.copy.attached', {
                    files: attached.map((a) => `${a.filename} (${sizeText(a.size)})`).join(', '),
                  }),
                ]
              : []),
            say('mail.care.copy.wrote'),
            m.message,
          ]
        : ['', say('mail.care.notYou')];
      const codeOfPractice = say('mail.care.codeOfPractice', {
        link: siteLink(siteUrl, pathIn(reader.language, '/legal/code-of-practice')),
      });
      if (kind === 'complaint') {
        const member = from.memberId !== null;
        await tx.insert(ticketEntries).values([
          { ticketId: id, author: 'customer', kind: 'received', body: m.message, createdAt: now },
          {
            ticketId: id,
            author: 'portal',
            kind: 'acknowledged',
            body: acknowledgementOf(reference, dueOn!, member),
            said: acknowledgementWords(reference, dueOn!, member),
            createdAt: now,
          },
        ]);
        await sendMail(tx, clock, {
          to: m.email,
          subject: say('mail.care.complaint.subject', { reference }),
          body: [
            greeting(m.name, reader),
            '',
            acknowledgementOf(reference, dueOn!, member, reader.language),
            codeOfPractice,
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
          subject: say('mail.care.message.subject', { reference }),
          body: [
            greeting(m.name, reader),
            '',
            say('mail.care.message.have', { reference }),
            dueOn
              ? say('mail.care.message.due', { day: longDay(dueOn, reader.language), days: BARRIER_WORKING_DAYS })
              : say('mail.care.message.noDue'),
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
