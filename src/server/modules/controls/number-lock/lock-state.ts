import { and, asc, eq, isNull } from 'drizzle-orm';
import { irishFormat } from '../../../../contract/irish-time.ts';
import { type LockedChangeState } from '../../../../contract/number-lock.ts';
import type { Queryable } from '../../../db/client.ts';
import { lockedChanges, members } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { type Clock } from '../../../kernel/clock.ts';
import { notify, sayIn, type Notice, type NoticeValue } from '../../alerts/index.ts';
import { message } from '../../../../contract/i18n/messages.ts';

/** The lock as the member sees it, its changes' words, and how the member is told (in my48 and by mail). */

export type Change = typeof lockedChanges.$inferSelect;

export const when = (at: Date) =>
  irishFormat({ weekday: 'long', day: 'numeric', month: 'long', hour: '2-digit', minute: '2-digit' }).format(at);
export const what = (c: Pick<Change, 'kind'>) => (c.kind === 'esim' ? 'to an eSIM' : 'to a new SIM card');

export const stateOf = (c: Change): LockedChangeState =>
  c.doneAt ? 'done' : c.cancelledAt ? 'cancelled' : c.confirmedAt ? 'waiting' : 'confirm';

export const changeOf = (c: Change) => {
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

export const openChanges = (q: Queryable, memberId: number) =>
  q
    .select()
    .from(lockedChanges)
    .where(and(eq(lockedChanges.memberId, memberId), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)))
    .orderBy(asc(lockedChanges.id));

export async function lockOf(q: Queryable, memberId: number) {
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

/** The member hears of the lock in my48 (the notice in their language, notices.ts). */
export const tell = (tx: Queryable, memberId: number, at: Date, notice: Notice) => notify(tx, memberId, at, notice);

/** A moment of the lock as a notice says it: its weekday, day, month and time. */
export const whenSaid = (at: Date): NoticeValue => ({ weekdayAt: at });
/** Where a change of SIM moves the number, in words. */
export const whatSaid = (c: Pick<Change, 'kind'>): NoticeValue => ({
  say: c.kind === 'esim' ? 'notice.lock.toEsim' : 'notice.lock.toCard',
});

/**
 * A mail of the lock, in the member's language: the subject, then what it says between the greeting
 * and the sign-off (with "not you?" after it when asked).
 */
export const mailLock = (
  tx: Queryable,
  clock: Clock,
  member: Pick<typeof members.$inferSelect, 'email' | 'firstname' | 'language'>,
  subject: NoticeValue,
  text: NoticeValue,
  notYou = true,
) => {
  const { language } = member;
  const said = sayIn(language, text);
  return sendMail(tx, clock, {
    to: member.email,
    subject: sayIn(language, subject),
    body: message(language, 'mail.lock.wrap', {
      name: member.firstname,
      text: notYou ? `${said}\n\n${message(language, 'mail.lock.notYou')}` : said,
    }),
  });
};
