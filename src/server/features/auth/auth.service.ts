import { eq, sql } from 'drizzle-orm';
import { members } from '../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { dummyHash, verifyPassword } from '../../services/passwords.ts';
import { endSession } from '../../services/sessions.ts';

type Member = typeof members.$inferSelect;

/** The member whose e-mail and password these are. Unknown e-mails are checked against a dummy hash: same answer, same time. */
export async function checkCredentials({ db }: ServiceContext, email: string, password: string): Promise<Outcome<Member, 'invalidLogin'>> {
  const [member] = await db.select().from(members).where(eq(sql`lower(${members.email})`, email.toLowerCase()));
  const matches = await verifyPassword(password, member?.passwordHash ?? (await dummyHash()));
  return member && matches ? done(member) : refused('invalidLogin');
}

export async function logOut({ db, clock }: ServiceContext, sessionId: number): Promise<void> {
  await endSession(db, sessionId, clock);
}

export async function markFirstLoginDone({ db }: ServiceContext, memberId: number): Promise<Member> {
  const [member] = await db.update(members).set({ firstLogin: false }).where(eq(members.id, memberId)).returning();
  return member!;
}

export async function nicknameOf({ db }: ServiceContext, memberId: number): Promise<Outcome<string, 'noSuchMember'>> {
  const [member] = await db.select({ nickname: members.nickname }).from(members).where(eq(members.id, memberId));
  return member ? done(member.nickname) : refused('noSuchMember');
}
