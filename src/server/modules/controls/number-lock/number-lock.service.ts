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
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { lockOf, mailLock, tell, whenSaid } from './lock-state.ts';
import { noticeIn, type Notice } from '../../alerts/index.ts';
import { message } from '../../../../contract/i18n/messages.ts';

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

export const numberLockOf = ({ db }: ServiceContext, memberId: number, language: Locale = 'en') =>
  lockOf(db, memberId, language);

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
      await mailLock(
        tx,
        clock,
        member!,
        { say: 'mail.lock.on.subject' },
        { say: 'mail.lock.on.text', values: { hours: LOCKED_CHANGE_HOURS } },
      );
    } else if (on && member!.numberLockEndsAt) news = await keepOn(tx, clock, member!);
    else if (!on && locked && !member!.numberLockEndsAt) {
      const endsAt = new Date(now.getTime() + LOCK_OFF_HOURS * HOUR);
      await recordNumberLock(tx, memberId, { endsAt });
      const notice: Notice = { notice: 'lockGoingOff', values: { when: whenSaid(endsAt) } };
      await tell(tx, memberId, now, notice);
      const { title } = noticeIn(member!.language, notice);
      await mailLock(
        tx,
        clock,
        member!,
        title,
        {
          say: 'mail.lock.goingOff.text',
          values: { when: whenSaid(endsAt), hours: LOCK_OFF_HOURS, changeHours: LOCKED_CHANGE_HOURS },
        },
        false,
      );
      news = { memberId, title, body: message(member!.language, 'push.lock.goingOff.body') };
    }
    return done({ ...(await lockOf(tx, memberId, member!.language)), news });
  });
}

/** Keeps the lock on when it was asked off, and tells the member (in the caller's transaction). */
async function keepOn(tx: Queryable, clock: Clock, member: typeof members.$inferSelect): Promise<LockNews> {
  await recordNumberLock(tx, member.id, { endsAt: null });
  const notice: Notice = { notice: 'lockStaysOn' };
  await tell(tx, member.id, clock(), notice);
  const { title, body } = noticeIn(member.language, notice);
  await mailLock(tx, clock, member, title, body);
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
    return done({ ...(await lockOf(tx, memberId, member!.language)), news });
  });
}

/** The minute's job: locks asked off whose 24 hours are over go off, and their members are told. */
export async function endNumberLocks({ db, clock }: ServiceContext): Promise<number> {
  const now = clock();
  const ended = await db.transaction(async (tx) => {
    const rows = await endNumberLocksDue(tx, now);
    for (const m of rows) {
      const notice: Notice = { notice: 'lockOff' };
      await tell(tx, m.id, now, notice);
      await mailLock(tx, clock, m, noticeIn(m.language, notice).title, { say: 'mail.lock.off.text' });
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
  // The desk's case in English; the member's notice in their language.
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
  await tell(tx, member.id, e.at, {
    notice: 'portAskedLocked',
    values: {
      by: e.said.recipient ? { say: 'notice.aside', values: { what: e.said.recipient } } : '',
      number,
      on: e.said.portDate ? { say: 'notice.lock.for', values: { day: e.said.portDate } } : '',
      reference,
    },
  });
}
