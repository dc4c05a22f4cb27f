import { eq } from 'drizzle-orm';
import { formatMsisdn } from '../../../../contract/format.ts';
import { LOCK_OFF_HOURS, LOCKED_CHANGE_HOURS } from '../../../../contract/number-lock.ts';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { members } from '../../../db/schema.ts';
import { HOUR, type Clock } from '../../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { openFraudTicket } from '../../care/index.ts';
import { endNumberLocksDue, recordNumberLock, useStepUpCode } from '../../identity/index.ts';
import { lockMember, type portOutRequested } from '../../lines/index.ts';
import { lockOf, mailLock, NOT_YOU, tell, when } from './lock-state.ts';

/**
 * The number lock (docs/product/member-controls.md): on, a change of SIM is asked for, confirmed with
 * a second mailed code and made 24 hours later by the minute's job; the member hears of each step at
 * once, and may cancel until it is made. A port-out another network asks for is flagged to the member
 * and the desk, never refused.
 */

/** What the member is told of the lock at once, on every device besides the mail (security news, whatever their alert switches say). */
export interface LockNews {
  memberId: number;
  title: string;
  body: string;
}

export const numberLockOf = ({ db }: ServiceContext, memberId: number) => lockOf(db, memberId);

/**
 * On at once, or asked off, with a step-up code; the member's address hears of it either way. Off
 * takes effect 24 hours later (the minute's job): whoever reads the member's mail cannot lift the
 * lock and move the number straight after. Until then the lock holds, and the member is told at once,
 * by mail and on every device, how to keep it on. On again while it is going off keeps it on. A
 * change already asked for goes on as it was.
 */
export async function setNumberLock(
  { db, clock }: ServiceContext,
  memberId: number,
  on: boolean,
  code: string | undefined,
): Promise<Outcome<Awaited<ReturnType<typeof lockOf>> & { news: LockNews | null }, StepUpFailure>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const allowed = await useStepUpCode(tx, clock, memberId, 'numberLock', code);
    if (!allowed.ok) return allowed;
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    const now = clock();
    const locked = member!.numberLockedAt !== null;
    let news: LockNews | null = null;
    if (on && !locked) {
      await recordNumberLock(tx, memberId, { lockedAt: now, endsAt: null });
      await mailLock(tx, clock, member!, 'Your number lock is on', [
        `Your number lock is on. From now on a change of SIM (a new card or an eSIM) needs a second code we e-mail you, and happens ${LOCKED_CHANGE_HOURS} hours after you confirm it. If another network asks for your number, we tell you and our team at once.`,
        '',
        NOT_YOU,
      ]);
    } else if (on && member!.numberLockEndsAt) news = await keepOn(tx, clock, member!);
    else if (!on && locked && !member!.numberLockEndsAt) {
      const endsAt = new Date(now.getTime() + LOCK_OFF_HOURS * HOUR);
      await recordNumberLock(tx, memberId, { endsAt });
      const title = `Your number lock goes off on ${when(endsAt)}`;
      const body = `You asked to switch your number lock off: it goes off on ${when(endsAt)}. Until then it holds. Not you? Keep it on in Settings → Security, and change your password.`;
      await tell(tx, memberId, now, title, body);
      await mailLock(tx, clock, member!, title, [
        `You asked to switch your number lock off. It goes off on ${when(endsAt)}, ${LOCK_OFF_HOURS} hours from now; until then it holds, and a change of SIM still waits ${LOCKED_CHANGE_HOURS} hours.`,
        '',
        "If this wasn't you, keep it on in my48 → Settings → Security (no code needed), change your password and contact us at once.",
      ]);
      news = { memberId, title, body: 'Not you? Tap to keep it on.' };
    }
    return done({ ...(await lockOf(tx, memberId)), news });
  });
}

/** Keeps the lock on when it was asked off, and tells the member (in the caller's transaction). */
async function keepOn(tx: Queryable, clock: Clock, member: typeof members.$inferSelect): Promise<LockNews> {
  await recordNumberLock(tx, member.id, { endsAt: null });
  const title = 'Your number lock stays on';
  const body = 'Your number lock was going off; it stays on. A change of SIM still needs a second code and waits.';
  await tell(tx, member.id, clock(), title, body);
  await mailLock(tx, clock, member, title, [body, '', NOT_YOU]);
  return { memberId: member.id, title, body };
}

/** Kept on when it was asked off: no code needed (keeping a protection is always safe). */
export async function keepNumberLock(
  { db, clock }: ServiceContext,
  memberId: number,
): Promise<Outcome<Awaited<ReturnType<typeof lockOf>> & { news: LockNews | null }, 'notGoingOff'>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    if (!member?.numberLockedAt || !member.numberLockEndsAt) return refused('notGoingOff');
    const news = await keepOn(tx, clock, member);
    return done({ ...(await lockOf(tx, memberId)), news });
  });
}

/** The minute's job: locks asked off whose 24 hours are over go off, and their members are told. */
export async function endNumberLocks({ db, clock }: ServiceContext): Promise<number> {
  const now = clock();
  const ended = await db.transaction(async (tx) => {
    const rows = await endNumberLocksDue(tx, now);
    for (const m of rows) {
      await tell(
        tx,
        m.id,
        now,
        'Your number lock is off',
        'Your number lock is off: a change of SIM happens straight away again.',
      );
      await mailLock(tx, clock, m, 'Your number lock is off', [
        'Your number lock is off, as you asked a day ago: a change of SIM happens straight away again.',
        '',
        NOT_YOU,
      ]);
    }
    return rows.length;
  });
  return ended;
}
/** What another network's ask for a number says (lines' event). */
type PortOutRequested = Parameters<Parameters<typeof portOutRequested.on>[0]>[1];

/**
 * Another network asked for a number whose lock is on: the member (in my48, besides the "was this
 * you?" mail) and the desk (an urgent case at the top of its queue, to check with the member before
 * the port date) are told. The port is never refused.
 */
export async function portAskedUnderLock(tx: Queryable, e: PortOutRequested): Promise<void> {
  const [member] = await tx.select().from(members).where(eq(members.id, e.memberId));
  if (!member?.numberLockedAt) return;
  const number = formatMsisdn(e.msisdn);
  const by = e.said.recipient ? ` (${e.said.recipient})` : '';
  const on = e.said.portDate ? ` for ${e.said.portDate}` : '';
  const reference = await openFraudTicket(
    tx,
    e.at,
    { id: member.id, name: `${member.firstname} ${member.lastname}`, email: member.email },
    e.msisdn,
    [
      `Another network${by} asked to take ${number}${on}, and the member's number lock is on (since ${member.numberLockedAt.toISOString()}).`,
      'The port is not refused (the law does not let us): check with the member, on a number or address known before, that they asked for it.',
    ].join('\n'),
    'lock',
  );
  await tell(
    tx,
    member.id,
    e.at,
    'Another network asked for your number',
    `Another network${by} asked to take ${number}${on}. Your number lock is on, so our team (case ${reference}) will check with you. If it wasn't you, use the link in the e-mail we sent: it blocks your line at once.`,
  );
}
