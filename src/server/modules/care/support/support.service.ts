import { COMPLAINT_TOPIC } from '../../../../contract/contact.ts';
import type { SupportEntry, SupportTicket } from '../../../../contract/support.schema.ts';
import type { members } from '../../../db/schema.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { complaintClock, entryIn, escalateComplaint, openTicket, ticketOfMember, ticketsOfMember } from '../tickets.ts';

type Member = Pick<typeof members.$inferSelect, 'id' | 'firstname' | 'lastname' | 'email' | 'isVerified' | 'language'>;
type Row = Awaited<ReturnType<typeof ticketsOfMember>>[number];

/** A ticket as the member reads it: where a complaint stands is worked out here, on today's Irish day. */
function summary(t: Row, today: string): SupportTicket {
  const clock = complaintClock(t, today);
  return {
    reference: t.reference,
    kind: t.kind,
    topic: t.topic,
    state: t.state,
    created_at: t.createdAt.toISOString(),
    due_on: t.dueOn,
    overdue: clock.overdue,
    comreg: clock.comreg,
    can_escalate: clock.canEscalate,
  };
}

export async function listTickets({ db, clock }: ServiceContext, memberId: number): Promise<SupportTicket[]> {
  const today = dayOf(clock());
  return (await ticketsOfMember(db, memberId)).map((t) => summary(t, today));
}

export async function timeline(
  { db, clock }: ServiceContext,
  member: Pick<Member, 'id' | 'language'>,
  reference: string,
): Promise<Outcome<SupportTicket & { entries: SupportEntry[] }, 'notFound'>> {
  const found = await ticketOfMember(db, member.id, reference);
  if (!found) return refused('notFound');
  return done({
    ...summary(found.ticket, dayOf(clock())),
    entries: found.entries.map((e) => ({
      kind: e.kind,
      author: e.author,
      body: entryIn(member.language, e),
      due_on: e.dueOn,
      created_at: e.createdAt.toISOString(),
    })),
  });
}

/** A complaint from my48: the member's own name and address, the number they name if any. */
export async function raiseComplaint(
  { db, clock }: ServiceContext,
  member: Member,
  complaint: { message: string; msisdn?: string | undefined },
  siteUrl: string,
) {
  const name = [member.firstname, member.lastname].filter(Boolean).join(' ') || member.email;
  const opened = await openTicket(
    db,
    clock,
    siteUrl,
    // The session proves the account; a copy of the text goes only to an address it verified.
    { memberId: member.id, copyToSender: member.isVerified },
    {
      topic: COMPLAINT_TOPIC,
      name,
      email: member.email,
      msisdn: complaint.msisdn,
      message: complaint.message,
    },
  );
  // No attachments from my48, so nothing can be gone.
  if (!opened.ok) throw new Error('a complaint from my48 has no attachments');
  return { reference: opened.value.reference, due_on: opened.value.dueOn!, copied: member.isVerified };
}

export async function escalate(
  { db, clock }: ServiceContext,
  memberId: number,
  reference: string,
  reason: string,
): Promise<Outcome<null, 'notFound' | 'notComplaint' | 'closed' | 'already'>> {
  const outcome = await escalateComplaint(db, clock, memberId, reference, reason);
  if (outcome === 'done') return done(null);
  return refused(outcome === 'unknown' ? 'notFound' : outcome);
}
