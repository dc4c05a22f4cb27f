import { and, eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  NETWORK_ORDER_ENDS,
  NETWORK_ORDER_STATES,
  networkStateRank,
  type LineState,
  type NetworkOrderState,
} from '../../contract/network.ts';
import type { Queryable } from '../db/client.ts';
import { networkOrders, notifications, sims } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { queueNetworkOrder, type NetworkOrder, type OrderStep } from './network-orders.ts';
import { moveSimRows } from './sim-keyed.ts';
import { movePortIn, PORT_IN_STEP_OF } from './port-in.ts';
import { purchaseOfLift } from './data-bars.ts';
import { refundPurchase } from './refunds.ts';

/**
 * The orders each cause sends to the network (docs/product/network.md), written in the cause's
 * transaction, and what each order's steps do here when the network's events report them.
 */

/** A SIM's activation: its line added on the network; the SIM is active once that completes. */
export const orderActivation = (
  tx: Queryable,
  clock: Clock,
  sim: { ssn: string; msisdn: string | null; kind: 'physical' | 'esim' },
) =>
  queueNetworkOrder(tx, clock, {
    cause: `activation:${sim.ssn}`,
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'add',
    characteristics: { iccid: sim.ssn, simType: sim.kind },
  });

/** A lost or stolen SIM suspended on the network, or back in service (unblocked); `at` makes each report its own cause. */
export const orderLineState = (
  tx: Queryable,
  clock: Clock,
  sim: { ssn: string; msisdn: string | null },
  state: LineState,
  at: Date,
) =>
  queueNetworkOrder(tx, clock, {
    cause: `line:${state}:${sim.ssn}:${at.toISOString()}`,
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'modify',
    characteristics: { state },
  });

/** A closed account's line taken off the network: the number goes back to the network's pool. */
export const orderLineDeletion = (tx: Queryable, clock: Clock, sim: { ssn: string; msisdn: string }, at: Date) =>
  queueNetworkOrder(tx, clock, {
    cause: `delete:${sim.ssn}:${at.toISOString()}`,
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'delete',
    characteristics: { iccid: sim.ssn },
  });

/** A port-in request: the number's move from the donor network, whose steps are the request's timeline. */
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
    cause: `portIn:${request.id}`,
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

/**
 * A change of SIM (or to an eSIM) the network reported: completed, the new SIM's line is in service
 * (an eSIM gets its activation code from the order); rejected or failed, everything moves back to
 * the old SIM, which keeps working, and the member is told why.
 */
async function swapped(
  tx: Queryable,
  now: Date,
  order: NetworkOrder,
  state: NetworkOrderState,
  detail: { reason?: string; result?: Record<string, string> },
) {
  if (!NETWORK_ORDER_ENDS.includes(state)) return;
  const [, freshSsn, oldSsn] = order.cause.split(':') as [string, string, string];
  const [fresh] = await tx.select().from(sims).where(eq(sims.ssn, freshSsn)).for('update');
  if (!fresh || fresh.status !== 'active') return;
  if (state === 'completed') {
    const code = detail.result?.['activationCode'];
    await tx
      .update(sims)
      .set({ lineState: 'active', ...(fresh.kind === 'esim' && code ? { esimActivationCode: code } : {}) })
      .where(eq(sims.ssn, fresh.ssn));
    if (fresh.memberId)
      await tell(
        tx,
        fresh.memberId,
        now,
        fresh.kind === 'esim' ? 'Your eSIM is ready' : 'Your new SIM works',
        fresh.kind === 'esim'
          ? 'Scan its QR code in my48 → Settings → Change my SIM to install it on your phone.'
          : `${fresh.msisdn ?? 'Your number'} works on your new SIM now.`,
      );
    return;
  }
  // Undone: the old SIM takes the number and everything back.
  await moveSimRows(tx, fresh.ssn, oldSsn);
  await tx.update(sims).set({ msisdn: null, status: 'inactive', lineState: null }).where(eq(sims.ssn, fresh.ssn));
  await tx.update(sims).set({ msisdn: order.msisdn, status: 'active' }).where(eq(sims.ssn, oldSsn));
  if (fresh.memberId)
    await tell(
      tx,
      fresh.memberId,
      now,
      'Your SIM could not be changed',
      `The network could not move ${order.msisdn ?? 'your number'} to the new SIM${detail.reason ? ` (${detail.reason})` : ''}, so your old SIM keeps it and works as before. Try again, or contact us through my48 → Support.`,
    );
}

/** An order as the network describes it (TMF641 ServiceOrder, in an event or a read), what the portal reads of it. */
const ServiceOrderIn = z.object({
  id: z.string().optional(),
  externalId: z.string().optional(),
  state: z.enum(NETWORK_ORDER_STATES),
  errorMessage: z.array(z.object({ reason: z.string().optional(), message: z.string().optional() })).optional(),
  serviceOrderItem: z
    .array(
      z.object({
        service: z
          .object({ serviceCharacteristic: z.array(z.object({ name: z.string(), value: z.unknown() })).optional() })
          .optional(),
      }),
    )
    .optional(),
});

/**
 * An order's state as the network reports it (an event, or the order read again): applied when it is
 * further than the one held, with what the network sent back (an eSIM's activation code, the day a
 * number moves); otherwise history. Unknown orders and unreadable ones are the caller's dead letters.
 */
export async function applyServiceOrder(
  tx: Queryable,
  clock: Clock,
  serviceOrder: unknown,
): Promise<{ outcome: 'applied' | 'stale' | 'deadLetter'; note: string; orderId?: number }> {
  const parsed = ServiceOrderIn.safeParse(serviceOrder);
  if (!parsed.success) return { outcome: 'deadLetter', note: 'no serviceOrder with a known state' };
  const so = parsed.data;
  const [order] = await tx
    .select()
    .from(networkOrders)
    .where(
      so.externalId
        ? eq(networkOrders.externalId, so.externalId)
        : so.id
          ? eq(networkOrders.networkId, so.id)
          : sql`false`,
    )
    .for('update');
  if (!order) return { outcome: 'deadLetter', note: `no order ${so.externalId ?? so.id ?? ''}`.trim() };
  const state: NetworkOrderState = so.state;
  if (NETWORK_ORDER_ENDS.includes(order.state) || networkStateRank(state) <= networkStateRank(order.state))
    return { outcome: 'stale', note: `${state} after ${order.state}`, orderId: order.id };
  const reason = so.errorMessage?.map((e) => e.reason ?? e.message).find(Boolean);
  const chars = so.serviceOrderItem?.[0]?.service?.serviceCharacteristic;
  const found = Object.fromEntries(
    (['activationCode', 'portDate'] as const).flatMap((name) => {
      const value = chars?.find((c) => c.name === name)?.value;
      return typeof value === 'string' ? [[name, value]] : [];
    }),
  );
  const result = Object.keys(found).length > 0 ? found : undefined;
  const [moved] = await tx
    .update(networkOrders)
    .set({
      state,
      ...(so.id && !order.networkId ? { networkId: so.id } : {}),
      ...(reason ? { reason: reason.slice(0, 500) } : {}),
      ...(result ? { result } : {}),
      updatedAt: clock(),
    })
    .where(eq(networkOrders.id, order.id))
    .returning();
  await applyOrderStep(tx, clock, moved!, state, { ...(reason ? { reason } : {}), ...(result ? { result } : {}) });
  return { outcome: 'applied', note: state, orderId: order.id };
}

const tell = (tx: Queryable, memberId: number, now: Date, title: string, body: string) =>
  tx.insert(notifications).values({ memberId, title, body, createdAt: now });

/**
 * One step of an order, as the network reported it, in the event's transaction. Only what the
 * member sees changes here: a SIM becomes active, a line's state is what the network holds, a
 * port-in moves on; a rejected or failed order says why and undoes what it was for.
 */
export const applyOrderStep: OrderStep = async (tx, clock, order, state, detail) => {
  const now = clock();
  const ended = NETWORK_ORDER_ENDS.includes(state);
  const [kind] = order.cause.split(':');
  const [sim] = await tx.select().from(sims).where(eq(sims.ssn, order.line));
  if (kind === 'swap') return swapped(tx, now, order, state, detail);
  if (kind === 'portIn') {
    const next = PORT_IN_STEP_OF[state];
    if (next)
      await movePortIn(tx, now, Number(order.cause.split(':')[1]), next, {
        reason: detail.reason,
        scheduledFor: detail.result?.['portDate'],
      });
    return;
  }
  if (!sim || !ended) return;
  const memberId = sim.memberId;
  if (kind === 'activation') {
    if (state === 'completed') {
      await tx
        .update(sims)
        .set({ status: 'active', lineState: 'active' })
        .where(and(eq(sims.ssn, sim.ssn), eq(sims.status, 'activating')));
      if (memberId)
        await tell(tx, memberId, now, 'Your SIM is active', `${sim.msisdn ?? 'Your number'} is ready to use.`);
    } else if (memberId)
      await tell(
        tx,
        memberId,
        now,
        'Your SIM could not be activated',
        `The network could not activate your SIM${detail.reason ? ` (${detail.reason})` : ''}. Contact us through my48 → Support and we will sort it out.`,
      );
    return;
  }
  if (kind === 'line') {
    const wanted = order.characteristics['state'] as LineState;
    if (state === 'completed') await tx.update(sims).set({ lineState: wanted }).where(eq(sims.ssn, sim.ssn));
    else if (memberId)
      await tell(
        tx,
        memberId,
        now,
        wanted === 'suspended' ? 'Your SIM is not blocked on the network yet' : 'Your SIM is not back in service yet',
        `The network did not ${wanted === 'suspended' ? 'block' : 'unblock'} ${sim.msisdn ?? 'your SIM'}${detail.reason ? ` (${detail.reason})` : ''}. Contact us through my48 → Support and we will do it for you.`,
      );
  }
  // A purchase whose data the network refused to start again is undone and refunded.
  const forPurchase = kind === 'data' && state !== 'completed' ? purchaseOfLift(order.cause) : null;
  if (forPurchase) await refundPurchase(tx, now, sim.ssn, forPurchase);
  // dataAccess otherwise: what the member sees reads the latest order of the line (services/roaming.ts).
};
