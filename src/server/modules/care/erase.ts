import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { chats, ticketAttachments, ticketEntries, tickets } from '../../db/schema.ts';
import type { MemberErased } from '../identity/index.ts';

/** What stands in a kept ticket's timeline for the words of a person who deleted their account. */
export const ERASED_TEXT = 'Removed when the account was deleted.';

/**
 * A deleted account's care (in the deletion's transaction). Live chats are no record the code keeps:
 * they go, their lines with them. Tickets and complaints are kept, pseudonymised: the reference
 * stands for the person. A complaint is a record the complaints code keeps a year after closing,
 * text and files with it; a ticket (a question) is not, so what they wrote and attached goes. Theirs
 * are the account's own and, when the account had proved its address, those written from that
 * address in any case (a visitor's messages before they signed up); an unproven address erases
 * nobody's.
 */
export async function forgetCareOf(tx: Queryable, { member }: Pick<MemberErased, 'member'>): Promise<void> {
  await tx.delete(chats).where(eq(chats.memberId, member.id));
  const theirs = await tx
    .select({ id: tickets.id, kind: tickets.kind })
    .from(tickets)
    .where(
      or(
        eq(tickets.memberId, member.id),
        member.isVerified ? sql`lower(${tickets.email}) = lower(${member.email})` : undefined,
      ),
    );
  const questions = theirs.filter((t) => t.kind === 'ticket').map((t) => t.id);
  if (questions.length > 0) {
    await tx
      .update(ticketEntries)
      .set({ body: ERASED_TEXT })
      .where(and(inArray(ticketEntries.ticketId, questions), eq(ticketEntries.author, 'customer')));
    await tx.delete(ticketAttachments).where(inArray(ticketAttachments.ticketId, questions));
  }
  if (theirs.length > 0)
    await tx
      .update(tickets)
      .set({ name: sql`${tickets.reference}`, email: '', msisdn: null, memberId: null })
      .where(
        inArray(
          tickets.id,
          theirs.map((t) => t.id),
        ),
      );
}
