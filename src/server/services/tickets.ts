import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, isNotNull, isNull, lt, ne, or } from 'drizzle-orm';
import {
  ACKNOWLEDGE_WORKING_DAYS,
  COMPLAINT_TOPIC,
  COMREG,
  KEEP_CLOSED_DAYS,
  RESPOND_WORKING_DAYS,
  ticketReference,
  type ContactTopic,
  type TicketEntryKind,
  type TicketKind,
} from '../../contract/contact.ts';
import { formatMsisdn } from '../../contract/format.ts';
import type { Database, Queryable } from '../db/client.ts';
import { ticketEntries, tickets } from '../db/schema.ts';
import { sendMail } from '../integrations/mail/index.ts';
import { claimUploads, sizeText } from './attachments.ts';
import { done, refused, type Outcome } from './outcome.ts';
import { dayOf } from './calendar.ts';
import type { Clock } from './clock.ts';
import { siteLink } from './links.ts';
import { workingDayAfter, workingDaysSince } from './working-days.ts';

/**
 * Tickets and complaints (docs/product/customer-care.md), shared by the contact form, my48 → Support and the
 * help desk's side (its sandbox, its webhook): each step is an entry of the timeline, kept and
 * mailed in the transaction that makes it, so what the member reads and what they were mailed agree.
 * Plain text throughout: nothing a person wrote is ever read as HTML.
 */

export interface NewTicket {
  topic: ContactTopic;
  name: string;
  email: string;
  msisdn?: string | null | undefined;
  message: string;
  /** Upload tokens (services/attachments.ts) to join to the ticket. */
  attachments?: readonly string[] | undefined;
}

type Ticket = typeof tickets.$inferSelect;

const dayLong = new Intl.DateTimeFormat('en-IE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});
/** "Thursday 10 December 2026" for an Irish day "2026-12-10". */
export const longDay = (day: string) => dayLong.format(new Date(`${day}T00:00:00Z`));

const comregLines = (reference: string) => [
  `If you are not happy with our answer, you can refer your complaint to ${COMREG.name}, quoting ${reference}:`,
  `${COMREG.address.join(', ')}; ${COMREG.web}; consumer line ${COMREG.phone}.`,
];

/**
 * A complaint's acknowledgement (docs/product/customer-care.md): the reference, what happens next, the time to
 * respond, and where to follow it: my48 → Support for a member's, the mail for a visitor's.
 */
export const acknowledgementOf = (reference: string, dueOn: string, member = true) =>
  [
    `We have your complaint. Your reference is ${reference}: quote it if you contact us about this again.`,
    `What happens next: a person in our team looks into it and answers by ${longDay(dueOn)} (within ${RESPOND_WORKING_DAYS} working days), or tells you by then when they will, and why. ${member ? 'You can follow it in my48 → Support.' : 'We write to you by e-mail at each step.'}`,
  ].join('\n');

/**
 * Opens a ticket, or a complaint for the complaint topic: the reference comes from the row's number,
 * the message is the first entry. A complaint is acknowledged at once (the reference on the page and
 * mailed, with the day its response is due and the code of practice); a ticket's mail says a person
 * will answer. The mail carries a copy of what was written (a durable record) only to an address a
 * session proves (`copyToSender`); to any other it says the reference and how to follow it, and
 * nothing the sender wrote.
 */
export async function openTicket(
  db: Database,
  clock: Clock,
  siteUrl: string,
  from: { memberId: number | null; copyToSender: boolean },
  m: NewTicket,
): Promise<Outcome<{ id: number; reference: string; kind: TicketKind; dueOn: string | null }, 'attachmentGone'>> {
  const now = clock();
  const kind: TicketKind = m.topic === COMPLAINT_TOPIC ? 'complaint' : 'ticket';
  const dueOn = kind === 'complaint' ? workingDayAfter(dayOf(now), RESPOND_WORKING_DAYS) : null;
  return db
    .transaction(async (tx) => {
      // The reference comes from the row's number: the row first, under a placeholder of its own.
      // An attachment that is gone (expired, or sent already) rolls the whole message back.
      const [row] = await tx
        .insert(tickets)
        .values({
          reference: `pending:${randomUUID()}`,
          kind,
          topic: m.topic,
          state: kind === 'complaint' ? 'acknowledged' : 'open',
          memberId: from.memberId,
          name: m.name,
          email: m.email,
          msisdn: m.msisdn || null,
          createdAt: now,
          updatedAt: now,
          dueOn,
        })
        .returning({ id: tickets.id });
      const id = row!.id;
      const reference = ticketReference(kind, id);
      await tx.update(tickets).set({ reference }).where(eq(tickets.id, id));
      const attached = await claimUploads(tx, clock, id, m.attachments ?? []);
      if (!attached) throw new AttachmentGone();
      const copy = from.copyToSender
        ? [
            '',
            `Topic: ${m.topic}`,
            ...(m.msisdn ? [`Number: ${formatMsisdn(m.msisdn)}`] : []),
            ...(attached.length > 0
              ? [`Attached: ${attached.map((a) => `${a.filename} (${sizeText(a.size)})`).join(', ')}`]
              : []),
            'What you wrote:',
            m.message,
          ]
        : ['', 'We answer at this address. If you did not write to us, you can ignore this e-mail.'];
      if (kind === 'complaint') {
        const acknowledgement = acknowledgementOf(reference, dueOn!, from.memberId !== null);
        await tx.insert(ticketEntries).values([
          { ticketId: id, author: 'customer', kind: 'received', body: m.message, createdAt: now },
          { ticketId: id, author: 'portal', kind: 'acknowledged', body: acknowledgement, createdAt: now },
        ]);
        await sendMail(tx, clock, {
          to: m.email,
          subject: `Your complaint to 48: ${reference}`,
          body: [
            `Hi ${m.name},`,
            '',
            acknowledgement,
            `Our code of practice says how we handle complaints: ${siteLink(siteUrl, '/legal/code-of-practice')}`,
            ...copy,
            '',
            '48',
          ].join('\n'),
        });
      } else {
        await tx
          .insert(ticketEntries)
          .values({ ticketId: id, author: 'customer', kind: 'message', body: m.message, createdAt: now });
        await sendMail(tx, clock, {
          to: m.email,
          subject: `Your message to 48: ${reference}`,
          body: [
            `Hi ${m.name},`,
            '',
            `We have your message. Your reference is ${reference}: quote it if you contact us about this again.`,
            'A person from our team will answer by e-mail.',
            ...copy,
            '',
            '48',
          ].join('\n'),
        });
      }
      return done({ id, reference, kind, dueOn });
    })
    .catch((error: unknown) => {
      if (error instanceof AttachmentGone) return refused('attachmentGone');
      throw error;
    });
}

/** Thrown inside openTicket's transaction so that nothing of the message is kept. */
class AttachmentGone extends Error {}

/** What the help desk does with a ticket: answer it; update a complaint with a new date, respond, close. */
export type AgentStep =
  | { kind: 'answer'; body: string }
  | { kind: 'update'; body: string; dueOn: string }
  | { kind: 'response'; body: string }
  | { kind: 'close'; body?: string };
export type AgentOutcome = 'done' | 'unknown' | 'closed' | 'notForThisKind' | 'badDate' | 'empty';

const AGENT_MAIL: Record<Exclude<TicketEntryKind, 'message' | 'received' | 'acknowledged' | 'escalated'>, string> = {
  answer: 'An answer to',
  update: 'An update on your complaint',
  response: 'Our response to your complaint',
  closed: 'We have closed',
};

/**
 * One step of the help desk's on a ticket, in one transaction with its entry and its mail. A
 * ticket takes answers and closing; a complaint takes updates (each with the new date for its
 * response, a working day after today), responses and closing. After a response or at closing,
 * the mail tells the member they may refer the complaint to ComReg. `deskCommentId` makes a
 * step the help desk sends twice count once.
 */
export async function agentStep(
  db: Database,
  clock: Clock,
  ticketId: number,
  step: AgentStep,
  deskCommentId?: string,
): Promise<AgentOutcome> {
  const body = (step.body ?? '').trim();
  if (step.kind !== 'close' && !body) return 'empty';
  return db.transaction(async (tx) => {
    const [t] = await tx.select().from(tickets).where(eq(tickets.id, ticketId)).for('update');
    if (!t) return 'unknown';
    if (t.state === 'closed') return 'closed';
    if (deskCommentId) {
      const [seen] = await tx
        .select({ id: ticketEntries.id })
        .from(ticketEntries)
        .where(and(eq(ticketEntries.ticketId, t.id), eq(ticketEntries.deskCommentId, deskCommentId)));
      if (seen) return 'done';
    }
    const complaint = t.kind === 'complaint';
    if (step.kind === 'answer' && complaint) return 'notForThisKind';
    if ((step.kind === 'update' || step.kind === 'response') && !complaint) return 'notForThisKind';
    const now = clock();
    const today = dayOf(now);
    if (
      step.kind === 'update' &&
      !(/^\d{4}-\d{2}-\d{2}$/.test(step.dueOn) && step.dueOn > today && step.dueOn <= workingDayAfter(today, 60))
    )
      return 'badDate';
    const entryKind: TicketEntryKind = step.kind === 'close' ? 'closed' : step.kind;
    const text =
      body ||
      (complaint ? `We have closed your complaint ${t.reference}.` : `We have closed your message ${t.reference}.`);
    await tx.insert(ticketEntries).values({
      ticketId: t.id,
      author: 'agent',
      kind: entryKind,
      body: text,
      dueOn: step.kind === 'update' ? step.dueOn : null,
      deskCommentId: deskCommentId ?? null,
      createdAt: now,
    });
    await tx
      .update(tickets)
      .set({
        state: step.kind === 'close' ? 'closed' : step.kind === 'answer' ? 'answered' : step.kind,
        updatedAt: now,
        ...(step.kind === 'update' ? { dueOn: step.dueOn } : {}),
        ...(step.kind === 'response' && !t.respondedAt ? { respondedAt: now } : {}),
        ...(step.kind === 'close' ? { closedAt: now } : {}),
      })
      .where(eq(tickets.id, t.id));
    if (t.email) {
      const lines = [
        `Hi ${t.name},`,
        '',
        text,
        ...(step.kind === 'update'
          ? ['', `We will respond by ${longDay(step.dueOn)}. Your reference: ${t.reference}.`]
          : ['', `Your reference: ${t.reference}.`]),
        ...(complaint && (step.kind === 'response' || step.kind === 'close') ? ['', ...comregLines(t.reference)] : []),
        ...(complaint ? [] : ['Reply to this e-mail to add to it.']),
        '',
        '48',
      ];
      await sendMail(tx, clock, {
        to: t.email,
        subject:
          entryKind === 'answer' || entryKind === 'closed'
            ? `${AGENT_MAIL[entryKind]} ${t.reference}`
            : `${AGENT_MAIL[entryKind as 'update' | 'response']}: ${t.reference}`,
        body: lines.join('\n'),
      });
    }
    return 'done';
  });
}

/** The answer to a ticket, as before complaints had timelines: the sandbox's form for a ticket. */
export const answerTicket = (db: Database, clock: Clock, ticketId: number, answer: string) =>
  agentStep(db, clock, ticketId, { kind: 'answer', body: answer });

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

/** A member's tickets and complaints, newest first. */
export function ticketsOfMember(db: Queryable, memberId: number) {
  return db.select().from(tickets).where(eq(tickets.memberId, memberId)).orderBy(desc(tickets.id)).limit(100);
}

/** One of the member's tickets by its reference, with its timeline; another's is none. */
export async function ticketOfMember(db: Queryable, memberId: number, reference: string) {
  const [t] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.reference, reference), eq(tickets.memberId, memberId)));
  if (!t) return null;
  const entries = await db
    .select()
    .from(ticketEntries)
    .where(eq(ticketEntries.ticketId, t.id))
    .orderBy(asc(ticketEntries.id));
  return { ticket: t, entries };
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
    await sendMail(tx, clock, {
      to: t.email,
      subject: `Your complaint is with a team lead: ${t.reference}`,
      body: [
        `Hi ${t.name},`,
        '',
        `You asked for a team lead to look at your complaint ${t.reference}. They have it now, with what you wrote:`,
        body,
        '',
        `We still respond by ${longDay(t.dueOn!)}, or tell you by then when we will and why.`,
        '',
        '48',
      ].join('\n'),
    });
    return 'done';
  });
}

/**
 * The records the complaints code asks us to keep have a year after closing; then they go, with
 * their timelines. A ticket (not a complaint) with nothing new for a year goes too. Returns how many.
 */
export async function pruneTickets({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const cutoff = new Date(clock().getTime() - KEEP_CLOSED_DAYS * 86_400_000);
  const gone = await db
    .delete(tickets)
    .where(
      or(
        and(isNotNull(tickets.closedAt), lt(tickets.closedAt, cutoff)),
        and(eq(tickets.kind, 'ticket'), ne(tickets.state, 'closed'), lt(tickets.updatedAt, cutoff)),
      ),
    )
    .returning({ id: tickets.id });
  return gone.length;
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
      const body = [
        `Your message ${t.reference} was not resolved within ${ACKNOWLEDGE_WORKING_DAYS} working days, so we now handle it as a complaint under our code of practice.`,
        acknowledgementOf(reference, dueOn, t.memberId !== null),
      ].join('\n');
      await tx
        .insert(ticketEntries)
        .values({ ticketId: t.id, author: 'portal', kind: 'acknowledged', body, createdAt: now });
      if (t.email)
        await sendMail(tx, clock, {
          to: t.email,
          subject: `Your message is now a complaint: ${reference}`,
          body: [
            `Hi ${t.name},`,
            '',
            body,
            `Our code of practice says how we handle complaints: ${siteLink(siteUrl, '/legal/code-of-practice')}`,
            '',
            '48',
          ].join('\n'),
        });
      return true;
    });
    if (done) turned += 1;
  }
  return turned;
}
