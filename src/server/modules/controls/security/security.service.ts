import { and, eq, ne, sql } from 'drizzle-orm';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import { isUniqueViolation, type Queryable } from '../../../db/client.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { members, sims } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import {
  consumeEmailToken,
  issueEmailToken,
  pendingEmailOf,
  setProvedEmail,
  setSpendLimitCents,
  useStepUpCode,
} from '../../identity/index.ts';
import { siteLink } from '../../../kernel/links.ts';
import { cardSpentThisMonth } from '../../money/index.ts';
import { heldSuspended, lockMember, orderLineState, setSimBlocked } from '../../lines/index.ts';
import { message } from '../../../../contract/i18n/messages.ts';

export async function spendLimitOf({ db, clock }: ServiceContext, memberId: number) {
  const [member] = await db.select({ limit: members.spendLimitCents }).from(members).where(eq(members.id, memberId));
  const spent = await cardSpentThisMonth(db, memberId, clock());
  const limit = member?.limit ?? null;
  return { limit_cents: limit, spent_cents: spent, left_cents: limit === null ? null : Math.max(0, limit - spent) };
}

export async function setSpendLimit(ctx: ServiceContext, memberId: number, limitCents: number | null) {
  await setSpendLimitCents(ctx.db, memberId, limitCents);
  return spendLimitOf(ctx, memberId);
}

const stateOf = (s: typeof sims.$inferSelect) => ({
  ssn: s.ssn,
  msisdn: s.msisdn,
  blocked: s.blockedAt !== null,
  blocked_at: s.blockedAt?.toISOString() ?? null,
  line_state: s.lineState,
});

/** The member's SIM in use, its row locked for the change (block and unblock take turns on it). */
const memberSimForUpdate = async (tx: Queryable, memberId: number, ssn: string) =>
  (
    await tx
      .select()
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), ne(sims.status, 'inactive')))
      .for('update')
  )[0];

/**
 * Whether the network carries the SIM's line, or will once a change of SIM on its way completes (an
 * active SIM whose state is not known yet): a block or unblock is then ordered there too, after
 * whatever the line has on its way.
 */
const atNetwork = (sim: typeof sims.$inferSelect) => sim.lineState !== null || sim.status === 'active';

/**
 * Blocks a SIM of the member's in the caller's transaction, its row locked: the portal refuses its
 * purchases and moves at once, and the line is suspended on the network by an order written with
 * the block (docs/product/network.md). Blocking again keeps the first time and orders nothing more.
 */
export async function blockLine(tx: Queryable, clock: Clock, sim: typeof sims.$inferSelect) {
  if (sim.blockedAt) return sim;
  const at = clock();
  const row = await setSimBlocked(tx, sim.ssn, at);
  if (atNetwork(sim)) await orderLineState(tx, clock, sim, 'suspended', at);
  return row!;
}

/** Lost or stolen: blocked here at once, no code needed (the member may not have the phone). */
export async function blockSim({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  return db.transaction(async (tx) => {
    const sim = await memberSimForUpdate(tx, memberId, ssn);
    if (!sim) return refused('noSuchSim');
    return done(stateOf(await blockLine(tx, clock, sim)));
  });
}

/** Unblocking needs a step-up code: whoever holds a stolen phone must not undo the block. */
export async function unblockSim(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  code: string | undefined,
): Promise<Outcome<ReturnType<typeof stateOf>, 'noSuchSim' | StepUpFailure>> {
  return db.transaction(async (tx) => {
    const sim = await memberSimForUpdate(tx, memberId, ssn);
    if (!sim) return refused('noSuchSim');
    if (!sim.blockedAt) return done(stateOf(sim));
    const allowed = await useStepUpCode(tx, clock, memberId, 'unblock', code);
    if (!allowed.ok) return allowed;
    const row = await setSimBlocked(tx, ssn, null);
    // Back in service on the network (a suspend that never completed is followed by this, in order),
    // unless another hold keeps it suspended (a household's pause of all service ends it later).
    if (atNetwork(sim) && !(await heldSuspended(tx, ssn))) await orderLineState(tx, clock, sim, 'active', clock());
    return done(stateOf(row!));
  });
}

/**
 * A new e-mail address is asked for with the password and a step-up code sent to the current
 * address; it takes effect only when the link or code sent to the new address is used
 * (confirmEmail). Until then the current address stays the account's, and it is told.
 */
export async function changeEmail(
  { db, clock }: ServiceContext,
  member: typeof members.$inferSelect,
  body: { password: string; email: string },
  code: string | undefined,
  siteUrl: string,
) {
  type R = 'wrongPassword' | 'sameEmail' | 'emailTaken' | StepUpFailure;
  if (!(await verifyPassword(body.password, member.passwordHash))) return refused('wrongPassword');
  if (body.email === member.email.toLowerCase()) return refused('sameEmail');
  return db.transaction(async (tx): Promise<Outcome<{ email: string; pending_email: string }, R>> => {
    await lockMember(tx, member.id);
    if (await addressTaken(tx, body.email)) return refused('emailTaken');
    const allowed = await useStepUpCode(tx, clock, member.id, 'email', code);
    if (!allowed.ok) return allowed;
    const sent = await issueEmailToken(tx, member.id, 'change', clock, body.email);
    // Both in the member's language (docs/product/languages.md).
    const { language } = member;
    await sendMail(tx, clock, {
      to: body.email,
      subject: message(language, 'mail.emailChange.confirm.subject'),
      body: message(language, 'mail.emailChange.confirm.body', {
        name: member.firstname ?? '',
        code: String(sent.code),
        link: siteLink(siteUrl, `/my48/settings/security?confirm-email=${sent.token}`),
        current: member.email,
      }),
    });
    // The current address hears of it at once: if it was not the member, they can act before anything changes.
    await sendMail(tx, clock, {
      to: member.email,
      subject: message(language, 'mail.emailChange.asked.subject'),
      body: message(language, 'mail.emailChange.asked.body', { name: member.firstname ?? '', email: body.email }),
    });
    return done({ email: member.email, pending_email: body.email });
  });
}

/** The address in use by an account (any case), deleted accounts' too. */
async function addressTaken(tx: Queryable, email: string): Promise<boolean> {
  const [taken] = await tx
    .select({ id: members.id })
    .from(members)
    .where(sql`lower(${members.email}) = ${email.toLowerCase()}`);
  return taken !== undefined;
}

/**
 * The link or code sent to the new address, used by the signed-in member: the address changes,
 * verified (the member just proved it), and the old address is told. Once, in one transaction.
 */
export async function confirmEmail(
  { db, clock }: ServiceContext,
  member: typeof members.$inferSelect,
  secret: { token: string } | { code: string },
): Promise<Outcome<{ email: string }, 'changeInvalid' | 'emailTaken'>> {
  try {
    return await db.transaction(async (tx) => {
      await lockMember(tx, member.id);
      const email = (await consumeEmailToken(tx, 'change', { ...secret, memberId: member.id }, clock))?.email ?? null;
      if (email === null) return refused('changeInvalid');
      if (await addressTaken(tx, email)) return refused('emailTaken');
      await setProvedEmail(tx, member.id, email);
      await sendMail(tx, clock, {
        to: member.email,
        subject: message(member.language, 'mail.emailChange.done.subject'),
        body: message(member.language, 'mail.emailChange.done.body', { name: member.firstname ?? '', email }),
      });
      return done({ email });
    });
  } catch (error) {
    // Another account took the address in the same moment: the database's unique index decides.
    if (isUniqueViolation(error)) return refused('emailTaken');
    throw error;
  }
}

export async function emailChangeOf({ db, clock }: ServiceContext, member: typeof members.$inferSelect) {
  return { email: member.email, pending_email: await pendingEmailOf(db, member.id, clock) };
}
