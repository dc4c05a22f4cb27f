import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { lineChanges, members, sims } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome } from '../../kernel/outcome.ts';
import { heldSuspended, lockMember, orderLineState, setSimBlocked } from '../lines/index.ts';
import { blockLine } from './security/security.service.ts';
import { recordNumberLock } from '../identity/index.ts';
import { noticeIn } from '../alerts/index.ts';
import { message, type MessageKey } from '../../../contract/i18n/messages.ts';

/**
 * What the fraud team does to a member's line and lock (docs/product/staff.md "Roles": fraud), each in
 * the caller's transaction, each after a check the team made (the staff module records it): the same
 * block a member's "lost or stolen" puts on, lifted without the member's step-up code; the number lock
 * ended at once; a "this wasn't me" case closed. The member is told by mail.
 */
const atNetwork = (sim: typeof sims.$inferSelect) => sim.lineState !== null || sim.status === 'active';

const simOf = async (tx: Queryable, memberId: number, ssn: string) =>
  (
    await tx
      .select()
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId)))
      .for('update')
  )[0];

/** The member is told in their language (docs/product/languages.md), the line by its number. */
async function mail(
  tx: Queryable,
  clock: Clock,
  memberId: number,
  subject: MessageKey | null,
  text: MessageKey,
  number = '',
) {
  const [m] = await tx
    .select({ email: members.email, name: members.firstname, language: members.language })
    .from(members)
    .where(eq(members.id, memberId));
  if (!m) return;
  const said = (key: MessageKey) => message(m.language, key, { number });
  await sendMail(tx, clock, {
    to: m.email,
    subject: subject ? said(subject).trim() : noticeIn(m.language, { notice: 'lockOff' }).title,
    body: message(m.language, 'mail.lock.wrap', { name: m.name, text: said(text) }),
  });
}

export async function blockByFraudTeam(
  tx: Queryable,
  clock: Clock,
  memberId: number,
  ssn: string,
): Promise<Outcome<'blocked' | 'blockedAlready', 'noLine'>> {
  const sim = await simOf(tx, memberId, ssn);
  if (!sim) return refused('noLine');
  if (sim.blockedAt) return done('blockedAlready');
  await blockLine(tx, clock, sim);
  await mail(tx, clock, memberId, 'mail.fraud.blocked.subject', 'mail.fraud.blocked.text', sim.msisdn ?? '');
  return done('blocked');
}

export async function unblockByFraudTeam(
  tx: Queryable,
  clock: Clock,
  memberId: number,
  ssn: string,
): Promise<Outcome<'unblocked' | 'notBlocked', 'noLine'>> {
  const sim = await simOf(tx, memberId, ssn);
  if (!sim) return refused('noLine');
  if (!sim.blockedAt) return done('notBlocked');
  await setSimBlocked(tx, ssn, null);
  // Back in service on the network, unless another hold keeps it suspended (a household's pause).
  if (atNetwork(sim) && !(await heldSuspended(tx, ssn))) await orderLineState(tx, clock, sim, 'active', clock());
  await mail(tx, clock, memberId, 'mail.fraud.unblocked.subject', 'mail.fraud.unblocked.text', sim.msisdn ?? '');
  return done('unblocked');
}

/** The number lock off at once (the member proved who they are to the team): no 24 hours' wait. */
export async function endLockByFraudTeam(
  tx: Queryable,
  clock: Clock,
  memberId: number,
): Promise<Outcome<'ended', 'noMember' | 'notLocked'>> {
  await lockMember(tx, memberId);
  const [member] = await tx.select().from(members).where(eq(members.id, memberId));
  if (!member) return refused('noMember');
  if (!member.numberLockedAt) return refused('notLocked');
  await recordNumberLock(tx, memberId, { lockedAt: null, endsAt: null });
  await mail(tx, clock, memberId, null, 'mail.fraud.lockEnded.text');
  return done('ended');
}

/** The fraud cases: changes to a line its member reported ("this wasn't me"), not closed. */
export const openCaseWhere = and(isNotNull(lineChanges.reportedAt), isNull(lineChanges.caseClosedAt));

/** A case closed once, with the check made. */
export async function closeCase(
  tx: Queryable,
  clock: Clock,
  caseId: number,
  check: string,
): Promise<Outcome<{ memberId: number; msisdn: string; kind: string }, 'noCase' | 'caseClosedAlready'>> {
  const [row] = await tx.select().from(lineChanges).where(eq(lineChanges.id, caseId)).for('update');
  if (!row || !row.reportedAt) return refused('noCase');
  if (row.caseClosedAt) return refused('caseClosedAlready');
  await tx.update(lineChanges).set({ caseClosedAt: clock(), caseCheck: check }).where(eq(lineChanges.id, caseId));
  return done({ memberId: row.memberId, msisdn: row.msisdn, kind: row.kind });
}

/** Open fraud cases, oldest report first (the staff's queue). */
export const openCases = (q: Queryable, limit: number) =>
  q.select().from(lineChanges).where(openCaseWhere).orderBy(lineChanges.reportedAt).limit(limit);
