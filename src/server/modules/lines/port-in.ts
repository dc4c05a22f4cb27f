import { and, asc, eq, inArray } from 'drizzle-orm';
import type { NetworkOrderState } from '../../../contract/network.ts';
import type { PortIn, PortInStatus } from '../../../contract/sim-settings.schema.ts';
import { SEGMENT_PORTIN } from '../../../contract/constants.ts';
import type { Queryable } from '../../db/client.ts';
import { portInEvents, portInRequests, sims } from '../../db/schema.ts';
import { dayOf } from '../../kernel/calendar.ts';
import type { Clock } from '../../kernel/clock.ts';
import { networkHoldsBack, queueNetworkOrder, orderCause } from '../network/index.ts';
import { notify } from '../alerts/index.ts';
import { removeSegment } from '../identity/index.ts';

type Row = typeof portInRequests.$inferSelect;

export async function portInOf(q: Queryable, row: Row): Promise<PortIn> {
  const events = await q
    .select()
    .from(portInEvents)
    .where(eq(portInEvents.requestId, row.id))
    .orderBy(asc(portInEvents.at), asc(portInEvents.id));
  const open = ['requested', 'validating', 'scheduled'].includes(row.status);
  const [held] = open
    ? await q
        .select({ waiting: networkHoldsBack(sims.ssn) })
        .from(sims)
        .where(eq(sims.ssn, row.ssn))
    : [];
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
    network_waiting: held?.waiting ?? false,
  };
}

/**
 * Where a port-in stands, from its `portIn` order's state at the network (docs/product/network.md):
 * acknowledged → validating, in progress → scheduled (the day the number moves), completed → the
 * number is ours; rejected or failed → rejected, with the network's reason.
 */
export const PORT_IN_STEP_OF: Partial<Record<NetworkOrderState, PortInStatus>> = {
  acknowledged: 'validating',
  inProgress: 'scheduled',
  completed: 'completed',
  rejected: 'rejected',
  failed: 'rejected',
};
const REJECTION =
  'The other network could not match the number to the account details given. Check your account number with them and ask again.';

/**
 * Moves a request to the step its order reached, in the caller's transaction (the event's); a step
 * it passed already changes nothing. The number moves to the member's 48 SIM on completion.
 */
export async function movePortIn(
  tx: Queryable,
  now: Date,
  id: number,
  next: PortInStatus,
  detail: { reason?: string | undefined; scheduledFor?: string | undefined } = {},
): Promise<PortInStatus | null> {
  const [row] = await tx
    .select()
    .from(portInRequests)
    .where(and(eq(portInRequests.id, id), inArray(portInRequests.status, ['requested', 'validating', 'scheduled'])))
    .for('update');
  if (!row) return null;
  const order: PortInStatus[] = ['requested', 'validating', 'scheduled', 'completed'];
  if (next !== 'rejected' && order.indexOf(next) <= order.indexOf(row.status)) return null;
  let note: string | null = null;
  const set: Partial<Row> = { updatedAt: now };
  if (next === 'rejected') {
    note = detail.reason ? `${REJECTION} (${detail.reason})` : REJECTION;
    set.reason = note;
  } else if (next === 'scheduled') {
    set.scheduledFor = detail.scheduledFor ?? dayOf(now);
    note = `Your number moves on ${set.scheduledFor}.`;
  } else if (next === 'completed') {
    // The number is ours now: the member's 48 SIM takes it.
    const [taken] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, row.msisdn));
    if (!taken) await tx.update(sims).set({ msisdn: row.msisdn }).where(eq(sims.ssn, row.ssn));
  }
  await tx
    .update(portInRequests)
    .set({ ...set, status: next })
    .where(eq(portInRequests.id, id));
  // A step the network skipped (an order completed at once) is still on the timeline.
  const steps = next === 'rejected' ? [next] : order.slice(order.indexOf(row.status) + 1, order.indexOf(next) + 1);
  for (const status of steps)
    await tx
      .insert(portInEvents)
      .values({ requestId: id, status, note: status === next ? note : null, at: now })
      .onConflictDoNothing();
  if (next === 'completed' || next === 'rejected') {
    await removeSegment(tx, row.memberId, SEGMENT_PORTIN);
    await notify(
      tx,
      row.memberId,
      now,
      next === 'completed'
        ? { notice: 'portedIn', values: { number: row.msisdn } }
        : {
            notice: 'portInFailed',
            values: { why: detail.reason ? { say: 'notice.aside', values: { what: detail.reason } } : '' },
          },
    );
  }
  return next;
}

/** A port-in request's order: the number's move from the donor network, whose steps are the request's timeline. */
const portIn = orderCause<{ requestId: number }>(
  'portIn',
  {
    write: ({ requestId }) => [String(requestId)],
    read: ([id]) => (id && /^\d+$/.test(id) ? { requestId: Number(id) } : null),
  },
  async (tx, clock, _order, { requestId }, state, detail) => {
    const next = PORT_IN_STEP_OF[state];
    if (next)
      await movePortIn(tx, clock(), requestId, next, {
        reason: detail.reason,
        scheduledFor: detail.result?.['portDate'],
      });
  },
);

export const orderPortIn = (
  tx: Queryable,
  clock: Clock,
  request: {
    id: number;
    ssn: string;
    msisdn: string;
    provider: string;
    accountType: string;
    accountNumber: string | null;
  },
  /** The day asked for (Irish date); unset, the network names it. */
  portDate?: string,
) =>
  queueNetworkOrder(tx, clock, {
    cause: portIn.key({ requestId: request.id }),
    line: request.ssn,
    msisdn: request.msisdn,
    service: 'portIn',
    action: 'add',
    characteristics: {
      donorOperator: request.provider,
      accountType: request.accountType,
      ...(request.accountNumber ? { accountNumber: request.accountNumber } : {}),
      iccid: request.ssn,
      ...(portDate ? { portDate } : {}),
    },
  });
