import { eq } from 'drizzle-orm';
import { COMREG, RESPOND_WORKING_DAYS } from '../../../../contract/contact.ts';
import { LANGUAGE_TAG, type Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import type { NoticeValue } from '../../../../contract/i18n/notice.ts';
import { revivedNotice, sayIn } from '../../alerts/index.ts';
import type { Queryable } from '../../../db/client.ts';
import { members, type tickets } from '../../../db/schema.ts';

export type Ticket = typeof tickets.$inferSelect;

/** Polish says "do 4 grudnia 2026": a weekday after "do" would need its own case. */
const dayLong = (language: Locale) =>
  new Intl.DateTimeFormat(LANGUAGE_TAG[language], {
    ...(language === 'pl' ? {} : { weekday: 'long' }),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** "Thursday 10 December 2026" for an Irish day "2026-12-10" ("10 grudnia 2026" in Polish). */
export const longDay = (day: string, language: Locale = 'en') => dayLong(language).format(new Date(`${day}T00:00:00Z`));

/**
 * Who a ticket's mail is written to. Whether the address was proven: a verified member's. Mail to
 * any other address (a visitor's, or an account that never confirmed its own) carries none of the
 * sender's words, so the portal relays nobody's text to a stranger. And the language: a member's
 * own (docs/product/languages.md), else the ticket's (the contact page's a visitor wrote from). What
 * is kept on the ticket (its entries, read by the help desk) stays in English.
 */
export interface Reader {
  readonly proven: boolean;
  readonly language: Locale;
}

export async function readerOf(db: Queryable, t: Pick<Ticket, 'memberId' | 'language'>): Promise<Reader> {
  if (t.memberId === null) return { proven: false, language: t.language };
  const [m] = await db
    .select({ verified: members.isVerified, language: members.language })
    .from(members)
    .where(eq(members.id, t.memberId));
  return { proven: m?.verified === true, language: m?.language ?? t.language };
}

/** How a ticket's mail opens: by the name given only at a proven address. */
export const greeting = (name: string, { proven, language }: Reader) =>
  proven ? message(language, 'mail.care.hi', { name }) : message(language, 'mail.care.hello');

export const comregLines = (reference: string, language: Locale = 'en') => [
  message(language, 'mail.care.comreg', {
    name: COMREG.name,
    reference,
    address: COMREG.address.join(', '),
    web: COMREG.web,
    phone: COMREG.phone,
  }),
];

/**
 * A complaint's acknowledgement (docs/product/customer-care.md): the reference, what happens next, the time to
 * respond, and where to follow it: my48 → Support for a member's, the mail for a visitor's.
 */
export const acknowledgementOf = (reference: string, dueOn: string, member = true, language: Locale = 'en') =>
  [
    message(language, 'mail.care.ack.have', { reference }),
    message(language, 'mail.care.ack.next', {
      day: longDay(dueOn, language),
      days: RESPOND_WORKING_DAYS,
      follow: member ? 'my48' : 'mail',
    }),
  ].join('\n');

/**
 * The same acknowledgement as words of the catalogue, kept beside the English entry the desk reads
 * (`ticket_entries.said`), so the member reads their timeline in their language. The day is written
 * as a date ("10 grudnia 2026"): a weekday after "by" would need its own case in Polish.
 */
export const acknowledgementWords = (reference: string, dueOn: string, member = true): NoticeValue[] => [
  { say: 'mail.care.ack.have', values: { reference } },
  {
    say: 'mail.care.ack.next',
    values: {
      day: { date: new Date(`${dueOn}T12:00:00Z`) },
      days: RESPOND_WORKING_DAYS,
      follow: member ? 'my48' : 'mail',
    },
  },
];

/**
 * A timeline entry as `language` reads it: the portal's own in its words where they were kept, else
 * as written (an English reader reads the record itself; people's words are never translated).
 */
export function entryIn(language: Locale, entry: { body: string; said: readonly NoticeValue[] | null }): string {
  if (language === 'en' || !entry.said) return entry.body;
  return entry.said.map((words) => sayIn(language, revivedNotice(words))).join('\n');
}
