import { and, eq, ne, sql } from 'drizzle-orm';
import type { StepUpFailure } from '../../../contract/step-up.schema.ts';
import { isUniqueViolation } from '../../db/client.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import { members, sims } from '../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { verifyPassword } from '../../services/passwords.ts';
import { cardSpentThisMonth } from '../../services/spend-limit.ts';
import { useStepUpCode } from '../../services/step-up.ts';
import { lockMember } from '../../services/stock.ts';

export async function spendLimitOf({ db, clock }: ServiceContext, memberId: number) {
  const [member] = await db.select({ limit: members.spendLimitCents }).from(members).where(eq(members.id, memberId));
  const spent = await cardSpentThisMonth(db, memberId, clock());
  const limit = member?.limit ?? null;
  return { limit_cents: limit, spent_cents: spent, left_cents: limit === null ? null : Math.max(0, limit - spent) };
}

export async function setSpendLimit(ctx: ServiceContext, memberId: number, limitCents: number | null) {
  await ctx.db.update(members).set({ spendLimitCents: limitCents }).where(eq(members.id, memberId));
  return spendLimitOf(ctx, memberId);
}

const stateOf = (s: typeof sims.$inferSelect) => ({
  ssn: s.ssn,
  msisdn: s.msisdn,
  blocked: s.blockedAt !== null,
  blocked_at: s.blockedAt?.toISOString() ?? null,
});

/** Lost or stolen: blocked at once, no code needed (the member may not have the phone). Blocking again keeps the first time. */
export async function blockSim({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  const [row] = await db
    .update(sims)
    .set({ blockedAt: sql`coalesce(${sims.blockedAt}, ${clock().toISOString()}::timestamptz)` })
    .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), ne(sims.status, 'inactive')))
    .returning();
  return row ? done(stateOf(row)) : refused('noSuchSim');
}

/** Unblocking needs a step-up code: whoever holds a stolen phone must not undo the block. */
export async function unblockSim(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  code: string | undefined,
): Promise<Outcome<ReturnType<typeof stateOf>, 'noSuchSim' | StepUpFailure>> {
  return db.transaction(async (tx) => {
    const [sim] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), ne(sims.status, 'inactive')))
      .for('update');
    if (!sim) return refused('noSuchSim');
    if (!sim.blockedAt) return done(stateOf(sim));
    const allowed = await useStepUpCode(tx, clock, memberId, 'unblock', code);
    if (!allowed.ok) return allowed;
    const [row] = await tx.update(sims).set({ blockedAt: null }).where(eq(sims.ssn, ssn)).returning();
    return done(stateOf(row!));
  });
}

/** A new e-mail address: the password and a step-up code sent to the current address. */
export async function changeEmail(
  { db, clock }: ServiceContext,
  member: typeof members.$inferSelect,
  body: { password: string; email: string },
  code: string | undefined,
) {
  type R = 'wrongPassword' | 'sameEmail' | 'emailTaken' | StepUpFailure;
  if (!(await verifyPassword(body.password, member.passwordHash))) return refused('wrongPassword');
  if (body.email === member.email.toLowerCase()) return refused('sameEmail');
  try {
    return await db.transaction(async (tx): Promise<Outcome<{ email: string }, R>> => {
      await lockMember(tx, member.id);
      const [taken] = await tx
        .select({ id: members.id })
        .from(members)
        .where(sql`lower(${members.email}) = ${body.email}`);
      if (taken) return refused('emailTaken');
      const allowed = await useStepUpCode(tx, clock, member.id, 'email', code);
      if (!allowed.ok) return allowed;
      await tx.update(members).set({ email: body.email }).where(eq(members.id, member.id));
      // The old address hears of it: if it was not the member, they can act.
      await sendMail(tx, clock, {
        to: member.email,
        subject: 'Your 48 e-mail address was changed',
        body: `Hi ${member.firstname},\n\nThe e-mail address of your 48 account is now ${body.email}. If you didn't do this, contact us at once.\n\n48`,
      });
      return done({ email: body.email });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused('emailTaken');
    throw error;
  }
}
