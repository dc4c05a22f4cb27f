import { and, asc, eq, isNull } from 'drizzle-orm';
import { irishFormat } from '../../../../contract/irish-time.ts';
import { type LockedChangeState } from '../../../../contract/number-lock.ts';
import type { Queryable } from '../../../db/client.ts';
import { lockedChanges, members } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { type Clock } from '../../../kernel/clock.ts';
import { notify } from '../../alerts/index.ts';

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

export const tell = (tx: Queryable, memberId: number, at: Date, title: string, body: string) =>
  notify(tx, memberId, at, { title, body });

export const NOT_YOU = "If you didn't do this, change your password and contact us at once.";

export const mailLock = (
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
