import { sql } from 'drizzle-orm';
import type { TicketKind } from '../../../contract/contact.ts';
import { members } from '../../db/schema.ts';
import { done, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { openTicket, type NewTicket } from '../../services/tickets.ts';

/**
 * A message for the help desk from /contact-us: a ticket, or a complaint for its topic, kept with its
 * reference and mailed (services/tickets.ts). A message from a member's own e-mail address joins
 * their account, so it shows in my48 → Support: the mail with its reference goes to that address
 * anyway, so the list shows its owner nothing they were not sent.
 */
export async function receiveMessage(
  { db, clock }: ServiceContext,
  m: NewTicket,
  /** SITE_URL: the mail's links point there, never at the request's host. */
  siteUrl: string,
): Promise<Outcome<{ reference: string; kind: TicketKind }, 'attachmentGone'>> {
  const [member] = await db
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = lower(${m.email})`);
  const opened = await openTicket(db, clock, siteUrl, { memberId: member?.id ?? null }, m);
  if (!opened.ok) return opened;
  return done({ reference: opened.value.reference, kind: opened.value.kind });
}
