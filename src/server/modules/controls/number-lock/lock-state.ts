import { and, asc, eq, isNull } from 'drizzle-orm';
import { type LockedChangeState } from '../../../../contract/number-lock.ts';
import type { Queryable } from '../../../db/client.ts';
import { lockedChanges, members } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { type Clock } from '../../../kernel/clock.ts';
import { notify, sayIn, type Notice, type NoticeValue } from '../../alerts/index.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { message, type MessageKey } from '../../../../contract/i18n/messages.ts';

/** The lock as the member sees it, its changes' words, and how the member is told (in my48 and by mail). */

export type Change = typeof lockedChanges.$inferSelect;

export const stateOf = (c: Change): LockedChangeState =>
  c.doneAt ? 'done' : c.cancelledAt ? 'cancelled' : c.confirmedAt ? 'waiting' : 'confirm';

/** A change of SIM as the member reads it, its words in their language (English by default). */
export const changeOf = (c: Change, language: Locale = 'en') => {
  const state = stateOf(c);
  const values = { what: whatSaid(c), ...(c.dueAt ? { when: whenSaid(c.dueAt) } : {}) };
  const said = (key: MessageKey, more: Record<string, NoticeValue> = {}) =>
    sayIn(language, { say: key, values: { ...values, ...more } });
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
        ? said('numberLock.change.confirm')
        : state === 'waiting'
          ? said('numberLock.change.waiting')
          : state === 'done'
            ? said('numberLock.change.done')
            : c.endedWhy
              ? said('numberLock.change.cancelledWhy', { why: c.endedWhy })
              : said('numberLock.change.cancelled'),
  };
};

export const openChanges = (q: Queryable, memberId: number) =>
  q
    .select()
    .from(lockedChanges)
    .where(and(eq(lockedChanges.memberId, memberId), isNull(lockedChanges.doneAt), isNull(lockedChanges.cancelledAt)))
    .orderBy(asc(lockedChanges.id));

export async function lockOf(q: Queryable, memberId: number, language: Locale = 'en') {
  const [m] = await q
    .select({ at: members.numberLockedAt, endsAt: members.numberLockEndsAt })
    .from(members)
    .where(eq(members.id, memberId));
  const changes = await openChanges(q, memberId);
  return {
    on: m?.at != null,
    since: m?.at?.toISOString() ?? null,
    ends_at: m?.at != null ? (m.endsAt?.toISOString() ?? null) : null,
    changes: changes.map((c) => changeOf(c, language)),
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
