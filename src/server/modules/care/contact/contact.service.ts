import type { TicketKind } from '../../../../contract/contact.ts';
import type { members } from '../../../db/schema.ts';
import { done, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { openTicket, type NewTicket } from '../tickets.ts';

type Member = Pick<typeof members.$inferSelect, 'id' | 'email' | 'isVerified'>;

/**
 * A message for the help desk from /contact-us: a ticket, or a complaint for its topic, kept with its
 * reference and mailed (modules/care/tickets.ts). Who wrote is what a session proves, never what the
 * form says: from a member's signed-in session the message joins their account (my48 → Support) and
 * is answered at the account's address; without one it is a visitor's, joined to no account whatever
 * address it names, and the mail to that unproven address carries the reference only (no copy of
 * the text, which would make our mailer a relay for anyone's words).
 */
export async function receiveMessage(
  { db, clock }: ServiceContext,
  signedIn: Member | undefined,
  m: NewTicket,
  /** SITE_URL: the mail's links point there, never at the request's host. */
  siteUrl: string,
): Promise<
  Outcome<
    { reference: string; kind: TicketKind; dueOn: string | null; email: string; copied: boolean },
    'attachmentGone'
  >
> {
  const email = signedIn?.email ?? m.email;
  const copied = signedIn?.isVerified === true;
  const opened = await openTicket(
    db,
    clock,
    siteUrl,
    { memberId: signedIn?.id ?? null, copyToSender: copied },
    { ...m, email },
  );
  if (!opened.ok) return opened;
  return done({ reference: opened.value.reference, kind: opened.value.kind, dueOn: opened.value.dueOn, email, copied });
}
