import { and, eq } from 'drizzle-orm';
import { type TicketEntryKind } from '../../../../contract/contact.ts';
import { message, type MessageKey, type Values } from '../../../../contract/i18n/messages.ts';
import type { Database } from '../../../db/client.ts';
import { ticketEntries, tickets } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { workingDayAfter } from '../../../kernel/working-days.ts';
import { comregLines, greeting, longDay, readerOf } from './texts.ts';

/** What the help desk does with a ticket: answer it; update a complaint with a new date, respond, close. */
export type AgentStep =
  | { kind: 'answer'; body: string }
  | { kind: 'update'; body: string; dueOn: string }
  | { kind: 'response'; body: string }
  | { kind: 'close'; body?: string };

export type AgentOutcome = 'done' | 'unknown' | 'closed' | 'notForThisKind' | 'badDate' | 'empty';

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
      // In the member's language; the agent's own words as written, the default closing in it too.
      const reader = await readerOf(tx, t);
      const say = (key: MessageKey, values?: Values) => message(reader.language, key, values);
      const reference = t.reference;
      const lines = [
        greeting(t.name, reader),
        '',
        body || say('mail.care.closed.text', { kind: t.kind, reference }),
        '',
        step.kind === 'update'
          ? say('mail.care.respondBy', { day: longDay(step.dueOn, reader.language), reference })
          : say('mail.care.reference', { reference }),
        ...(complaint && (step.kind === 'response' || step.kind === 'close')
          ? ['', ...comregLines(reference, reader.language)]
          : []),
        ...(complaint ? [] : [say('mail.care.reply')]),
        '',
        '48',
      ];
      await sendMail(tx, clock, {
        to: t.email,
        subject: say(`mail.care.${entryKind as 'answer' | 'update' | 'response' | 'closed'}.subject`, { reference }),
        body: lines.join('\n'),
      });
    }
    return 'done';
  });
}

/** The answer to a ticket, as before complaints had timelines: the sandbox's form for a ticket. */
export const answerTicket = (db: Database, clock: Clock, ticketId: number, answer: string) =>
  agentStep(db, clock, ticketId, { kind: 'answer', body: answer });
