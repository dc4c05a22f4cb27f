import { and, asc, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { formatMsisdn } from '../../../../contract/format.ts';
import { irishFormat } from '../../../../contract/irish-time.ts';
import { LOCK_OFF_HOURS, LOCKED_CHANGE_HOURS, type LockedChangeState } from '../../../../contract/number-lock.ts';
import { numberLockMessages } from '../../../../contract/number-lock.schema.ts';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { lockedChanges, members, sims } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { HOUR, type Clock } from '../../../kernel/clock.ts';
import { done, refused, unlessTaken, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import { openFraudTicket } from '../../care/index.ts';
import { endNumberLocksDue, mailStepUpCode, recordNumberLock, useStepUpCode } from '../../identity/index.ts';
import { CardRefused, lockMember, moveToNewSim, type portOutRequested } from '../../lines/index.ts';
import { notify } from '../../alerts/index.ts';

/**
 * The number lock (docs/product/member-controls.md): on, a change of SIM is asked for, confirmed with
 * a second mailed code and made 24 hours later by the minute's job; the member hears of each step at
 * once, and may cancel until it is made. A port-out another network asks for is flagged to the member
 * and the desk, never refused.
 */

type Change = typeof lockedChanges.$inferSelect;

const when = (at: Date) =>
  irishFormat({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(at);
const what = (c: Pick<Change, 'kind'>) => (c.kind === 'esim' ? 'to an eSIM' : 'to a new SIM card');

const stateOf = (c: Change): LockedChangeState =>
  c.doneAt ? 'done' : c.cancelledAt ? 'cancelled' : c.confirmedAt ? 'waiting' : 'confirm';

const changeOf = (c: Change) => {
  const state = stateOf(c);
  return {
    id: c.id,
    ssn: c.ssn,
    kind: c.kind,
    new_ssn: c.newSsn,
    state,
    requested_at: c.requestedAt.toISOString(),
    due_at: c.dueAt?.toISOString() ?? null,
    message:
      state === 'confirm'
        ? `You asked to move your number ${what(c)}. Enter the code we e-mailed you to confirm it.`
        : state === 'waiting'
          ? `Your number moves ${what(c)} on ${when(c.dueAt!)}. Not you? Cancel it now.`
          : state === 'done'
            ? `Your number moved ${what(c)}.`
            : `The change ${what(c)} was cancelled${c.endedWhy ? `: ${c.endedWhy}` : ''}.`,
  };
};

const openChanges = (q: Queryable, memberId: number) =>
  q
    .select()
    .from(lockedChanges)
    .where(and(eq(lockedChanges.memberId, memberId), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)))
    .orderBy(asc(lockedChanges.id));

async function lockOf(q: Queryable, memberId: number) {
  const [m] = await q
    .select({ at: members.numberLockedAt, endsAt: members.numberLockEndsAt })
    .from(members)
    .where(eq(members.id, memberId));
  const changes = await openChanges(q, memberId);
  return {
    on: m?.at != null,
    since: m?.at?.toISOString() ?? null,
    ends_at: m?.at != null ? (m.endsAt?.toISOString() ?? null) : null,
    changes: changes.map(changeOf),
  };
}

/** What the member is told of the lock at once, on every device besides the mail (security news, whatever their alert switches say). */
export interface LockNews {
  memberId: number;
  title: string;
  body: string;
}

export const numberLockOf = ({ db }: ServiceContext, memberId: number) => lockOf(db, memberId);

const tell = (tx: Queryable, memberId: number, at: Date, title: string, body: string) =>
  notify(tx, memberId, at, { title, body });

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

const NOT_YOU = "If you didn't do this, change your password and contact us at once.";

const mailLock = (
  tx: Queryable,
  clock: Clock,
  member: Pick<typeof members.$inferSelect, 'email' | 'firstname'>,
  subject: string,
  lines: string[],
) =>
  sendMail(tx, clock, {
    to: member.email,
    subject,
    body: [`Hi ${member.firstname},`, '', ...lines, '', '48'].join('\n'),
  });

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

/**
 * A change of SIM asked for under the lock, after the password and a step-up code: kept, and a second
 * code mailed to confirm it. The card is checked now and taken from stock only when the change is made.
 */
export async function askLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  body: { kind: 'physical'; new_ssn: string; password: string } | { kind: 'esim'; password: string },
  code: string | undefined,
): Promise<
  Outcome<ReturnType<typeof changeOf>, 'wrongPassword' | 'noActiveSim' | 'lockOff' | 'changeAsked' | StepUpFailure>
> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(body.password, member.passwordHash))) return refused('wrongPassword');
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [sim] = await tx
      .select()
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), eq(sims.status, 'active')));
    if (!sim) return refused('noActiveSim');
    const [locked] = await tx.select({ at: members.numberLockedAt }).from(members).where(eq(members.id, memberId));
    if (!locked?.at) return refused('lockOff');
    if ((await openChanges(tx, memberId)).some((c) => c.ssn === ssn)) return refused('changeAsked');
    const allowed = await useStepUpCode(tx, clock, memberId, 'sim', code);
    if (!allowed.ok) return allowed;
    const kept = await unlessTaken('changeAsked', async () => {
      const [row] = await tx
        .insert(lockedChanges)
        .values({
          memberId,
          ssn,
          kind: body.kind,
          newSsn: body.kind === 'physical' ? body.new_ssn : null,
          requestedAt: clock(),
        })
        .returning();
      return row!;
    });
    if (!kept.ok) return kept;
    // The member is told at once, by the code that confirms it: whoever asked must also read their mail.
    const sent = await mailStepUpCode(tx, clock, memberId, 'lockedChange');
    return done({ ...changeOf(kept.value), message: numberLockMessages.asked(sent.sent_to) });
  });
}

/** The second code confirms the change: it is made 24 hours later, and the member is told when (and how to stop it). */
export async function confirmLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  code: string | undefined,
): Promise<Outcome<ReturnType<typeof changeOf>, 'noChange' | StepUpFailure>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const change = (await openChanges(tx, memberId)).find((c) => c.ssn === ssn && c.confirmedAt === null);
    if (!change) return refused('noChange');
    const allowed = await useStepUpCode(tx, clock, memberId, 'lockedChange', code);
    if (!allowed.ok) return allowed;
    const now = clock();
    const [row] = await tx
      .update(lockedChanges)
      .set({ confirmedAt: now, dueAt: new Date(now.getTime() + LOCKED_CHANGE_HOURS * HOUR) })
      .where(eq(lockedChanges.id, change.id))
      .returning();
    const [member] = await tx.select().from(members).where(eq(members.id, memberId));
    const [sim] = await tx.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
    const number = sim?.msisdn ? formatMsisdn(sim.msisdn) : 'your number';
    await tell(
      tx,
      memberId,
      now,
      'A change of SIM is on its way',
      `${number} moves ${what(row!)} on ${when(row!.dueAt!)} (your number lock holds it ${LOCKED_CHANGE_HOURS} hours). Not you? Cancel it in Settings → Security.`,
    );
    await sendMail(tx, clock, {
      to: member!.email,
      subject: `Your number moves ${what(row!)} on ${when(row!.dueAt!)}`,
      body: [
        `Hi ${member!.firstname},`,
        '',
        `A change of SIM was confirmed for ${number}: it moves ${what(row!)} on ${when(row!.dueAt!)}. Your number lock holds it back ${LOCKED_CHANGE_HOURS} hours so that you can stop it.`,
        '',
        "If this wasn't you, cancel it in my48 → Settings → Security, change your password and contact us at once.",
        '',
        '48',
      ].join('\n'),
    });
    return done(changeOf(row!));
  });
}

/** Cancelled any time until it is made; no code needed (stopping a change is always safe). */
export async function cancelLockedChange(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<{ message: string }, 'noChange'>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [row] = await tx
      .update(lockedChanges)
      .set({ cancelledAt: clock(), endedWhy: 'cancelled in my48' })
      .where(
        and(
          eq(lockedChanges.memberId, memberId),
          eq(lockedChanges.ssn, ssn),
          isNull(lockedChanges.doneAt),
          isNull(lockedChanges.cancelledAt),
        ),
      )
      .returning();
    return row ? done({ message: numberLockMessages.cancelled }) : refused('noChange');
  });
}

/**
 * The minute's job: each confirmed change whose 24 hours are over is made, once (in its own
 * transaction, the member's row locked: a cancel at the same moment waits, or finds it made). One
 * that can no longer be made (the card was taken, the SIM is no longer active) ends with why, and
 * the member is told.
 */
export async function makeDueLockedChanges({ db, clock }: ServiceContext): Promise<number> {
  const due = await db
    .select({ id: lockedChanges.id, memberId: lockedChanges.memberId })
    .from(lockedChanges)
    .where(
      and(
        isNotNull(lockedChanges.dueAt),
        lte(lockedChanges.dueAt, clock()),
        isNull(lockedChanges.doneAt),
        isNull(lockedChanges.cancelledAt),
      ),
    )
    .orderBy(asc(lockedChanges.dueAt))
    .limit(50);
  let made = 0;
  for (const { id, memberId } of due) {
    const outcome = await db
      .transaction(async (tx) => {
        await lockMember(tx, memberId);
        const [change] = await tx
          .select()
          .from(lockedChanges)
          .where(and(eq(lockedChanges.id, id), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)));
        if (!change) return 'gone' as const;
        const moved = await moveToNewSim(
          tx,
          clock,
          memberId,
          change.ssn,
          change.kind === 'physical' ? { kind: 'physical', ssn: change.newSsn! } : { kind: 'esim' },
        );
        if (!moved.ok) throw new CardRefused('simNotFound');
        await tx.update(lockedChanges).set({ doneAt: clock() }).where(eq(lockedChanges.id, id));
        return 'made' as const;
      })
      .catch(async (error: unknown) => {
        if (!(error instanceof CardRefused)) throw error;
        // Nothing was moved: the change ends with why, and the member hears of it.
        await db.transaction(async (tx) => {
          const [row] = await tx
            .update(lockedChanges)
            .set({
              cancelledAt: clock(),
              endedWhy:
                error.reason === 'simAlreadyActive'
                  ? 'the new SIM card is in use already'
                  : 'the SIM or the new card is no longer there',
            })
            .where(and(eq(lockedChanges.id, id), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)))
            .returning();
          if (row)
            await tell(
              tx,
              memberId,
              clock(),
              'Your change of SIM could not be made',
              `${changeOf(row).message} Your SIM keeps your number. Ask again in Settings → Security if you still want it.`,
            );
        });
        return 'ended' as const;
      });
    if (outcome === 'made') made += 1;
  }
  return made;
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
