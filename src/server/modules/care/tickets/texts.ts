import { eq } from 'drizzle-orm';
import { COMREG, RESPOND_WORKING_DAYS } from '../../../../contract/contact.ts';
import type { Queryable } from '../../../db/client.ts';
import { members, type tickets } from '../../../db/schema.ts';

export type Ticket = typeof tickets.$inferSelect;

const dayLong = new Intl.DateTimeFormat('en-IE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** "Thursday 10 December 2026" for an Irish day "2026-12-10". */
export const longDay = (day: string) => dayLong.format(new Date(`${day}T00:00:00Z`));

/**
 * Whether a ticket's address was proven: a verified member's. Mail to any other address (a
 * visitor's, or an account that never confirmed its own) carries none of the sender's words, so the
 * portal relays nobody's text to a stranger.
 */
export async function addressProven(db: Queryable, t: Pick<Ticket, 'memberId'>): Promise<boolean> {
  if (t.memberId === null) return false;
  const [m] = await db.select({ verified: members.isVerified }).from(members).where(eq(members.id, t.memberId));
  return m?.verified === true;
}

/** How a ticket's mail opens: by the name given only at a proven address (addressProven). */
export const greeting = (name: string, proven: boolean) => (proven ? `Hi ${name},` : 'Hello,');

/** The greeting of a ticket's mail, the address looked up. */
export const greetingOf = async (db: Queryable, t: Pick<Ticket, 'memberId' | 'name'>) =>
  greeting(t.name, await addressProven(db, t));

export const comregLines = (reference: string) => [
  `If you are not happy with our answer, you can refer your complaint to ${COMREG.name}, quoting ${reference}:`,
  `${COMREG.address.join(', ')}; ${COMREG.web}; consumer line ${COMREG.phone}.`,
];

/**
 * A complaint's acknowledgement (docs/product/customer-care.md): the reference, what happens next, the time to
 * respond, and where to follow it: my48 → Support for a member's, the mail for a visitor's.
 */
export const acknowledgementOf = (reference: string, dueOn: string, member = true) =>
  [
    `We have your complaint. Your reference is ${reference}: quote it if you contact us about this again.`,
    `What happens next: a person in our team looks into it and answers by ${longDay(dueOn)} (within ${RESPOND_WORKING_DAYS} working days), or tells you by then when they will, and why. ${member ? 'You can follow it in my48 → Support.' : 'We write to you by e-mail at each step.'}`,
  ].join('\n');
