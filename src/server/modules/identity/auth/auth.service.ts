import { and, eq, sql } from 'drizzle-orm';
import { members } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { dummyHash, hashPassword, needsRehash, verifyPassword } from '../../../kernel/passwords.ts';
import { endSessions } from '../sessions.ts';

type Member = typeof members.$inferSelect;

/** The member whose e-mail and password these are. Unknown e-mails are checked against a dummy hash: same answer, same time. */
export async function checkCredentials(
  { db }: ServiceContext,
  email: string,
  password: string,
): Promise<Outcome<Member, 'invalidLogin'>> {
  const [member] = await db
    .select()
    .from(members)
    .where(eq(sql`lower(${members.email})`, email.toLowerCase()));
  const matches = await verifyPassword(password, member?.passwordHash ?? (await dummyHash()));
  if (!member || !matches) return refused('invalidLogin');
  // A hash from an older scheme (scrypt) or weaker parameters is replaced while the password is at hand.
  // Only if it is still the hash just checked: a password changed meanwhile is not undone.
  if (needsRehash(member.passwordHash)) {
    const passwordHash = await hashPassword(password);
    await db
      .update(members)
      .set({ passwordHash })
      .where(and(eq(members.id, member.id), eq(members.passwordHash, member.passwordHash)));
  }
  return done(member);
}

export async function logOut({ db, clock }: ServiceContext, sessionId: number): Promise<void> {
  // docs/product/phone.md: log-out of a device removes its push subscription (endSessions ends what the session made).
  await db.transaction((tx) => endSessions(tx, { sessionId }, clock()));
}

export async function markFirstLoginDone({ db }: ServiceContext, memberId: number): Promise<Member> {
  const [member] = await db.update(members).set({ firstLogin: false }).where(eq(members.id, memberId)).returning();
  return member!;
}

export async function nicknameOf({ db }: ServiceContext, memberId: number): Promise<Outcome<string, 'noSuchMember'>> {
  const [member] = await db.select({ nickname: members.nickname }).from(members).where(eq(members.id, memberId));
  return member ? done(member.nickname) : refused('noSuchMember');
}
