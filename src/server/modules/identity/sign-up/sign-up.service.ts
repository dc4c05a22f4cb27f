import { eq } from 'drizzle-orm';
import { members } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { consumeEmailToken, issueEmailToken } from '../email-tokens.ts';
import { done, refused, unlessTaken, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { hashPassword } from '../../../kernel/passwords.ts';
import { siteLink } from '../../../kernel/links.ts';
import { domainEvent } from '../../../kernel/events.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { pathIn, type Locale } from '../../../../contract/i18n/locales.ts';

type Member = typeof members.$inferSelect;

/** A member joined (signed up), with the recruit link they came by, if any: in the joining's transaction. */
export const memberJoined = domainEvent<{ member: Member; affiliateId: string | undefined; now: Date }>();

/**
 * Mails a new verification code and link (on SITE_URL, never the request's host), in the member's
 * language, the link to the sign-up page in it (docs/product/languages.md).
 */
export async function sendVerification(
  { db, clock }: ServiceContext,
  member: Pick<Member, 'id' | 'email' | 'firstname' | 'language'>,
  siteUrl: string,
) {
  const { token, code } = await issueEmailToken(db, member.id, 'verify', clock);
  const page = pathIn(member.language, '/sign-up');
  const link = siteLink(siteUrl, `${page}?verify=${token}`);
  await sendMail(db, clock, {
    to: member.email,
    subject: message(member.language, 'mail.verify.subject'),
    body: message(member.language, 'mail.verify.body', { name: member.firstname ?? '', code: String(code), link }),
  });
}

/** A new, unverified member; the database's case-insensitive unique index decides a taken address, also for two sign-ups at once. */
export async function createMember(
  ctx: ServiceContext,
  form: {
    email: string;
    password: string;
    firstname: string;
    lastname: string;
    nickname?: string | undefined;
    affiliateId?: string | undefined;
    /** The language the member joins in: the page's, else the visitor's chosen one. */
    language: Locale;
  },
  siteUrl: string,
): Promise<Outcome<Member, 'emailTaken'>> {
  const passwordHash = await hashPassword(form.password);
  const joining = {
    email: form.email,
    passwordHash,
    firstname: form.firstname,
    lastname: form.lastname,
    nickname: form.nickname ?? form.firstname,
    isVerified: false,
    firstLogin: true,
    isNewMembership: true,
    language: form.language,
  };
  const made = await unlessTaken('emailTaken', () =>
    ctx.db.transaction(async (tx) => {
      const now = ctx.clock();
      const [member] = (await tx
        .insert(members)
        .values({ ...joining, createdAt: now })
        .returning()) as [Member];
      // What follows a joining is other domains' (a recruit link, a referral): they hear of it here.
      await memberJoined.emit(tx, { member, affiliateId: form.affiliateId, now });
      return (await tx.select().from(members).where(eq(members.id, member.id)))[0] as Member;
    }),
  );
  if (made.ok) await sendVerification(ctx, made.value, siteUrl);
  return made;
}

/**
 * A new verification mail; with another address, the address changes (unverified) first. That is
 * for a new account correcting the address it signed up with: a verified address changes only the
 * way that proves the new one first (Settings → Security, the controls module).
 */
export async function resendVerification(
  ctx: ServiceContext,
  member: Member,
  newEmail: string | undefined,
  siteUrl: string,
): Promise<Outcome<Member, 'emailTaken' | 'verifiedAlready'>> {
  let current = member;
  if (newEmail && newEmail.toLowerCase() !== member.email.toLowerCase()) {
    if (member.isVerified) return refused('verifiedAlready');
    const changed = await unlessTaken(
      'emailTaken',
      async () =>
        (
          await ctx.db
            .update(members)
            .set({ email: newEmail, isVerified: false })
            .where(eq(members.id, member.id))
            .returning()
        )[0] as Member,
    );
    if (!changed.ok) return changed;
    current = changed.value;
  }
  await sendVerification(ctx, current, siteUrl);
  return done(current);
}

/** Uses the link token or the 6-digit code and marks the address verified, as one change. */
export async function verifyEmail(
  { db, clock }: ServiceContext,
  memberId: number,
  secret: { token: string } | { code: string },
): Promise<Outcome<Member, 'verificationInvalid'>> {
  const member = await db.transaction(async (tx) => {
    const used = await consumeEmailToken(tx, 'verify', { ...secret, memberId }, clock);
    if (used === null) return null;
    return (await tx.update(members).set({ isVerified: true }).where(eq(members.id, memberId)).returning())[0]!;
  });
  return member ? done(member) : refused('verificationInvalid');
}
