import { and, asc, eq, isNotNull, isNull, lt } from 'drizzle-orm';
import { ACKNOWLEDGE_WORKING_DAYS, RESPOND_WORKING_DAYS, ticketReference } from '../../../../contract/contact.ts';
import { pathIn, type Locale } from '../../../../contract/i18n/locales.ts';
import { message, type MessageKey, type Values } from '../../../../contract/i18n/messages.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { siteLink } from '../../../kernel/links.ts';
import { workingDayAfter, workingDaysSince } from '../../../kernel/working-days.ts';
import { acknowledgementOf, acknowledgementWords, greeting, longDay, readerOf, type Ticket } from './texts.ts';

/**
 * Where a complaint stands on the complaints code's clock, on an Irish day: overdue once its due
 * day has passed without a response; the ComReg card from working day 10 unresolved, after a
 * response, or once closed; a team lead may be asked for while it is open and was not yet.
 */
export function complaintClock(
  t: Pick<Ticket, 'kind' | 'state' | 'createdAt' | 'dueOn' | 'respondedAt' | 'escalatedAt'>,
  today: string,
) {
  if (t.kind !== 'complaint') return { overdue: false, comreg: false, canEscalate: false, workingDay: 0 };
  const workingDay = workingDaysSince(dayOf(t.createdAt), today);
  const open = t.state !== 'closed';
  const unanswered = open && !t.respondedAt;
  return {
    workingDay,
    overdue: unanswered && t.dueOn !== null && today > t.dueOn,
    comreg: !open || t.respondedAt !== null || workingDay >= RESPOND_WORKING_DAYS,
    canEscalate: open && t.escalatedAt === null,
  };
}

export type EscalateOutcome = 'done' | 'unknown' | 'notComplaint' | 'closed' | 'already';

/**
 * A member asks for a team lead to look at their complaint: an entry, the complaint escalated,
 * mailed; the help desk is told by the next turn of the jobs (escalation_forwarded_at).
 */
export async function escalateComplaint(
  db: Database,
  clock: Clock,
  memberId: number,
  reference: string,
  reason: string,
): Promise<EscalateOutcome> {
  return db.transaction(async (tx) => {
    const [t] = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.reference, reference), eq(tickets.memberId, memberId)))
      .for('update');
    if (!t) return 'unknown';
    if (t.kind !== 'complaint') return 'notComplaint';
    if (t.state === 'closed') return 'closed';
    if (t.escalatedAt) return 'already';
    const now = clock();
    const body = reason.trim() || 'I would like a team lead to look at my complaint.';
    await tx
      .insert(ticketEntries)
      .values({ ticketId: t.id, author: 'customer', kind: 'escalated', body, createdAt: now });
    await tx.update(tickets).set({ state: 'escalated', escalatedAt: now, updatedAt: now }).where(eq(tickets.id, t.id));
    // What the member wrote goes back only to an address they proved; in the member's language.
    const reader = await readerOf(tx, t);
    const say = (key: MessageKey, values?: Values) => message(reader.language, key, values);
    await sendMail(tx, clock, {
      to: t.email,
      subject: say('mail.care.escalated.subject', { reference: t.reference }),
      body: [
        greeting(t.name, reader),
        '',
        say('mail.care.escalated.text', { reference: t.reference, withText: reader.proven ? 'yes' : 'no' }),
        ...(reader.proven ? [body] : []),
        '',
        say('mail.care.escalated.due', { day: longDay(t.dueOn!, reader.language) }),
        '',
        '48',
      ].join('\n'),
    });
    return 'done';
  });
}

/** Escalations the help desk has not yet been told of (its ticket already handed over). */
export function escalationsToForward(db: Queryable) {
  return db
    .select()
    .from(tickets)
    .where(and(isNotNull(tickets.escalatedAt), isNull(tickets.escalationForwardedAt), isNotNull(tickets.forwardedAt)))
    .orderBy(asc(tickets.id))
    .limit(50);
}

/**
 * The complaints code counts an issue not resolved within 2 working days of first contact as a
 * complaint: a ticket still waiting for its first answer on working day 2 becomes one, with the
 * complaint's reference of the same number (48-T-001234 → 48-C-001234), acknowledged and mailed,
 * due 10 working days from the first contact, and handed to the help desk again as a complaint.
 */
export async function treatUnansweredAsComplaints(
  { db, clock }: { db: Database; clock: Clock },
  siteUrl: string,
): Promise<number> {
  const now = clock();
  const today = dayOf(now);
  // Two working days after the day of receipt start a day later at the soonest (sent at 23:59, the
  // second day after begins 24 hours on): only tickets older than that are worth the count.
  const waiting = await db
    .select()
    .from(tickets)
    .where(
      and(
        eq(tickets.kind, 'ticket'),
        eq(tickets.state, 'open'),
        // The network's questions are the operator's work, not a customer's complaint.
        eq(tickets.origin, 'person'),
        lt(tickets.createdAt, new Date(now.getTime() - 86_400_000)),
      ),
    )
    .orderBy(asc(tickets.id))
    .limit(100);
  let turned = 0;
  for (const t of waiting) {
    const received = dayOf(t.createdAt);
    if (workingDaysSince(received, today) < ACKNOWLEDGE_WORKING_DAYS) continue;
    const dueOn = workingDayAfter(received, RESPOND_WORKING_DAYS);
    const reference = ticketReference('complaint', t.id);
    const done = await db.transaction(async (tx) => {
      const [row] = await tx
        .update(tickets)
        .set({ kind: 'complaint', state: 'acknowledged', reference, dueOn, updatedAt: now, forwardedAt: null })
        .where(and(eq(tickets.id, t.id), eq(tickets.kind, 'ticket'), eq(tickets.state, 'open')))
        .returning({ id: tickets.id });
      if (!row) return false;
      const said = (language: Locale) =>
        [
          message(language, 'mail.care.converted.text', { old: t.reference, days: ACKNOWLEDGE_WORKING_DAYS }),
          acknowledgementOf(reference, dueOn, t.memberId !== null, language),
        ].join('\n');
      await tx.insert(ticketEntries).values({
        ticketId: t.id,
        author: 'portal',
        kind: 'acknowledged',
        body: said('en'),
        said: [
          { say: 'mail.care.converted.text', values: { old: t.reference, days: ACKNOWLEDGE_WORKING_DAYS } },
          ...acknowledgementWords(reference, dueOn, t.memberId !== null),
        ],
        createdAt: now,
      });
      if (t.email) {
        const reader = await readerOf(tx, t);
        await sendMail(tx, clock, {
          to: t.email,
          subject: message(reader.language, 'mail.care.converted.subject', { reference }),
          body: [
            greeting(t.name, reader),
            '',
            said(reader.language),
            message(reader.language, 'mail.care.codeOfPractice', {
              link: siteLink(siteUrl, pathIn(reader.language, '/legal/code-of-practice')),
            }),
            '',
            '48',
          ].join('\n'),
        });
      }
      return true;
    });
    if (done) turned += 1;
  }
  return turned;
}
