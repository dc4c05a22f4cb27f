import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  NETWORK_ORDER_ENDS,
  networkStateRank,
  TMF_ORDER_STATES,
  type NetworkOrderState,
} from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkOrders } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { applyOrderStep } from './order-causes.ts';

/**
 * An order's step as the network reports it (an event, the answer to its POST, or the order read
 * again), kept on the order and handed to the order's cause (modules/network/order-causes.ts),
 * whose module says what it does here.
 */

const Said = z.object({ reason: z.string().optional(), message: z.string().optional() }).loose();
const Characteristic = z.object({ name: z.string(), value: z.unknown() });

/** An order as the network describes it (TMF641 ServiceOrder, v4.0 or v4.1), what the portal reads of it. */
const ServiceOrderIn = z.object({
  id: z.string().optional(),
  externalId: z.string().optional(),
  // Only TMF's states come in: `queued` is ours.
  state: z.enum(TMF_ORDER_STATES),
  // v4.1 says why in errorMessage; v4.0 has none, and says it in a note.
  errorMessage: z.array(Said).optional(),
  note: z.array(z.object({ text: z.string().optional(), date: z.string().optional() }).loose()).optional(),
  milestone: z
    .array(
      z
        .object({
          name: z.string().optional(),
          description: z.string().optional(),
          message: z.string().optional(),
          milestoneDate: z.string().optional(),
        })
        .loose(),
    )
    .optional(),
  jeopardyAlert: z
    .array(
      z
        .object({
          name: z.string().optional(),
          message: z.string().optional(),
          jeopardyType: z.string().optional(),
          exception: z.string().optional(),
          alertDate: z.string().optional(),
        })
        .loose(),
    )
    .optional(),
  serviceOrderItem: z
    .array(
      z
        .object({
          state: z.string().optional(),
          errorMessage: z.array(Said).optional(),
          service: z
            .object({ serviceCharacteristic: z.array(Characteristic).optional() })
            .loose()
            .optional(),
        })
        .loose(),
    )
    .optional(),
});
export type ServiceOrderIn = z.output<typeof ServiceOrderIn>;

/** An order as the network describes it, or undefined when it is not one the portal can read. */
export const readServiceOrder = (value: unknown): ServiceOrderIn | undefined => {
  const parsed = ServiceOrderIn.safeParse(value);
  return parsed.success ? parsed.data : undefined;
};

const said = (list: z.output<typeof Said>[] | undefined) =>
  list?.map((e) => e.reason ?? e.message).find((t) => typeof t === 'string' && t.trim() !== '');

/**
 * Why the network refused or failed an order, wherever its version puts it: v4.1's `errorMessage`,
 * v4.0's `note` (the latest), an item's own `errorMessage`, or a reason in an item's `@type`d
 * extension (`failureReason`, `errorReason`…).
 */
export function reasonOf(so: ServiceOrderIn): string | undefined {
  const items = so.serviceOrderItem ?? [];
  const extension = items
    .flatMap((item) =>
      Object.entries(item).filter(
        ([key, value]) => /(reason|error)$/i.test(key) && key !== 'errorMessage' && typeof value === 'string',
      ),
    )
    .map(([, value]) => value as string)[0];
  const notes = so.note?.filter((n) => n.text?.trim()).sort((a, b) => (a.date ?? '').localeCompare(b.date ?? ''));
  return (
    said(so.errorMessage) ?? notes?.at(-1)?.text ?? items.map((i) => said(i.errorMessage)).find(Boolean) ?? extension
  );
}

/** The order a ServiceOrder names: by our externalId, else the network's id; locked for the step. */
export async function orderNamed(tx: Queryable, so: { id?: string | undefined; externalId?: string | undefined }) {
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
  return order;
}

/**
 * An order's state as the network reports it: applied when it is further than the one held (among
 * the states under way, which go back and forth, when it was reported later than the one held),
 * with what the network sent back (an eSIM's activation code, the day a number moves); otherwise
 * history. `at` is when the network said it (the event's time; now for an answer or a read).
 * Unknown orders and unreadable ones are the caller's dead letters.
 */
export async function applyServiceOrder(
  tx: Queryable,
  clock: Clock,
  serviceOrder: unknown,
  at: Date = clock(),
): Promise<{ outcome: 'applied' | 'stale' | 'deadLetter'; note: string; orderId?: number }> {
  const so = readServiceOrder(serviceOrder);
  if (!so) return { outcome: 'deadLetter', note: 'no serviceOrder with a TMF641 state' };
  const order = await orderNamed(tx, so);
  if (!order) return { outcome: 'deadLetter', note: `no order ${so.externalId ?? so.id ?? ''}`.trim() };
  const state: NetworkOrderState = so.state;
  const [from, to] = [networkStateRank(order.state), networkStateRank(state)];
  // Two reports at the same instant cannot be told apart: the one that came last stands.
  const later = !order.stateAt || at.getTime() >= order.stateAt.getTime();
  if (
    NETWORK_ORDER_ENDS.includes(order.state) ||
    to < from ||
    (to === from && (to !== 2 || state === order.state || !later))
  )
    return { outcome: 'stale', note: `${state} after ${order.state}`, orderId: order.id };
  const reason = reasonOf(so);
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
      stateAt: at,
      ...(so.id && !order.networkId ? { networkId: so.id } : {}),
      ...(reason ? { reason: reason.slice(0, 500) } : {}),
      ...(result ? { result } : {}),
      updatedAt: clock(),
    })
    .where(eq(networkOrders.id, order.id))
    .returning();
  const why =
    reason ??
    (state === 'partial'
      ? 'Only part of it was done.'
      : state === 'cancelled'
        ? 'Cancelled by the network.'
        : undefined);
  await applyOrderStep(tx, clock, moved!, state, { ...(why ? { reason: why } : {}), ...(result ? { result } : {}) });
  return { outcome: 'applied', note: state, orderId: order.id };
}

/**
 * What the network says of an order on its way, kept on the order for /panda/ready and the log: its
 * latest milestone (TMF641 v4.1 `milestone`), or a jeopardy alert (`jeopardyAlert`: the order may be late).
 */
export async function noteOnOrder(
  tx: Queryable,
  clock: Clock,
  serviceOrder: unknown,
  kind: 'milestone' | 'jeopardy',
): Promise<{ outcome: 'applied' | 'deadLetter'; note: string; orderId?: number }> {
  const so = readServiceOrder(serviceOrder);
  const loose = so ?? (serviceOrder as { id?: string; externalId?: string } | undefined);
  const order = loose && (loose.id || loose.externalId) ? await orderNamed(tx, loose) : undefined;
  if (!order) return { outcome: 'deadLetter', note: `no order ${loose?.externalId ?? loose?.id ?? ''}`.trim() };
  const list = kind === 'milestone' ? so?.milestone : so?.jeopardyAlert;
  const latest = list?.at(-1) as Record<string, string | undefined> | undefined;
  const text =
    [
      latest?.['name'],
      latest?.['jeopardyType'],
      latest?.['description'] ?? latest?.['message'] ?? latest?.['exception'],
    ]
      .filter(Boolean)
      .join(': ')
      .slice(0, 300) || (kind === 'milestone' ? 'a milestone' : 'in jeopardy');
  await tx
    .update(networkOrders)
    .set(kind === 'milestone' ? { milestone: text, updatedAt: clock() } : { jeopardy: text, updatedAt: clock() })
    .where(eq(networkOrders.id, order.id));
  return { outcome: 'applied', note: `${kind}: ${text}`.slice(0, 500), orderId: order.id };
}
