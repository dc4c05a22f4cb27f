import { eq, sql } from 'drizzle-orm';
import { members } from '../../../db/schema.ts';
import { endSessions } from '../sessions.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { consumeEmailToken, issueEmailToken } from '../email-tokens.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { siteLink } from '../../../kernel/links.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { pathIn } from '../../../../contract/i18n/locales.ts';

/** Mails a reset link (on SITE_URL, never the request's host) when the address has an account; says nothing either way. */
export async function mailResetLink({ db, clock }: ServiceContext, email: string, siteUrl: string): Promise<void> {
  const [member] = await db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()));
  if (!member) return;
  const { token } = await issueEmailToken(db, member.id, 'reset', clock);
  // In the member's language (docs/product/languages.md), the link to the page in it.
  const page = pathIn(member.language, '/forgot-password');
  const link = siteLink(siteUrl, `${page}?token=${token}`);
  await sendMail(db, clock, {
    to: member.email,
    subject: message(member.language, 'mail.reset.subject'),
    body: message(member.language, 'mail.reset.body', { name: member.firstname, link }),
  });
}

/**
 * Using the token, setting the password and ending the sessions are one change: a failure
 * half-way leaves the link usable and the old password in place.
 */
export async function setPasswordWithToken(
  { db, clock }: ServiceContext,
  token: string,
  password: string,
): Promise<Outcome<null, 'resetInvalid'>> {
  const passwordHash = await hashPassword(password);
  const changed = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'reset', { token }, clock);
    if (used === null) return false;
    const { memberId } = used;
    await tx.update(members).set({ passwordHash, isPasswordCompliant: true }).where(eq(members.id, memberId));
    // Every session ends, and with them the push subscriptions their devices made.
    await endSessions(tx, { memberId }, clock());
    return true;
  });
  return changed ? done(null) : refused('resetInvalid');
}
