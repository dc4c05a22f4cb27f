import { and, asc, eq, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { PortIn, PortInStatus } from '../../contract/sim-settings.schema.ts';
import { SEGMENT_PORTIN } from '../../contract/constants.ts';
import type { Queryable } from '../db/client.ts';
import { notifications, portInEvents, portInRequests, segments, sims } from '../db/schema.ts';
import { dayOf } from './calendar.ts';
import type { ServiceContext } from './outcome.ts';

type Row = typeof portInRequests.$inferSelect;

export async function portInOf(q: Queryable, row: Row): Promise<PortIn> {
  const events = await q
    .select()
    .from(portInEvents)
    .where(eq(portInEvents.requestId, row.id))
    .orderBy(asc(portInEvents.at), asc(portInEvents.id));
  return {
    id: row.id,
    msisdn: row.msisdn,
    current_provider: row.provider,
    account_type: row.accountType,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    scheduled_for: row.scheduledFor,
    reason: row.reason,
    events: events.map((e) => ({ status: e.status, at: e.at.toISOString(), note: e.note })),
  };
}

/**
 * The sandbox donor network (docs/product/member-controls.md): it takes a step a few minutes after the last
 * one. A number ending in 999 is refused by the donor, as a wrong account number would be.
 */
export const DONOR_STEP_MS = 2 * 60_000;
export const DONOR_REJECTS = (msisdn: string) => msisdn.endsWith('999');
const REJECTION =
  'The other network could not match the number to the account details given. Check your account number with them and ask again.';

/** Moves one open request a step on, in one transaction; the number moves to the 48 SIM on completion. */
export async function advancePortIn({ db, clock }: ServiceContext, id: number): Promise<PortInStatus | null> {
  return db.transaction(async (tx) => {
    const now = clock();
    const [row] = await tx
      .select()
      .from(portInRequests)
      .where(and(eq(portInRequests.id, id), inArray(portInRequests.status, ['requested', 'validating', 'scheduled'])))
      .for('update');
    if (!row) return null;
    let next: PortInStatus;
    let note: string | null = null;
    const set: Partial<Row> = { updatedAt: now };
    if (row.status === 'requested') next = 'validating';
    else if (row.status === 'validating') {
      if (DONOR_REJECTS(row.msisdn)) {
        next = 'rejected';
        note = REJECTION;
        set.reason = REJECTION;
      } else {
        next = 'scheduled';
        // The donor names the day the number moves (in the sandbox: within minutes, so today).
        set.scheduledFor = dayOf(new Date(now.getTime() + DONOR_STEP_MS));
        note = `Your number moves on ${set.scheduledFor}.`;
      }
    } else {
      next = 'completed';
      // The number is ours now: the member's 48 SIM takes it.
      const [taken] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, row.msisdn));
      if (!taken) await tx.update(sims).set({ msisdn: row.msisdn }).where(eq(sims.ssn, row.ssn));
    }
    await tx
      .update(portInRequests)
      .set({ ...set, status: next })
      .where(eq(portInRequests.id, id));
    await tx.insert(portInEvents).values({ requestId: id, status: next, note, at: now }).onConflictDoNothing();
    if (next === 'completed' || next === 'rejected') {
      await tx
        .delete(segments)
        .where(and(eq(segments.memberId, row.memberId), eq(segments.segmentType, SEGMENT_PORTIN)));
      await tx.insert(notifications).values({
        memberId: row.memberId,
        title: next === 'completed' ? 'Your number has moved to 48' : 'Your number could not be moved',
        body: next === 'completed' ? `${row.msisdn} is now your 48 number.` : REJECTION,
        createdAt: now,
      });
    }
    return next;
  });
}

/**
 * The scheduled job's part: every open request whose last step is older than DONOR_STEP_MS moves on; a
 * scheduled one not before its day (the sandbox page can still move it at once).
 */
export async function runPortInDonor(ctx: ServiceContext): Promise<number> {
  const now = ctx.clock();
  const due = await ctx.db
    .select({ id: portInRequests.id })
    .from(portInRequests)
    .where(
      and(
        inArray(portInRequests.status, ['requested', 'validating', 'scheduled']),
        lte(portInRequests.updatedAt, new Date(now.getTime() - DONOR_STEP_MS)),
        or(
          ne(portInRequests.status, 'scheduled'),
          isNull(portInRequests.scheduledFor),
          lte(portInRequests.scheduledFor, dayOf(now)),
        ),
      ),
    );
  let moved = 0;
  for (const { id } of due) if (await advancePortIn(ctx, id)) moved += 1;
  return moved;
}
