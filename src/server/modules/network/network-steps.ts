import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  NETWORK_ORDER_ENDS,
  NETWORK_ORDER_STATES,
  networkStateRank,
  type NetworkOrderState,
} from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkOrders } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { applyOrderStep } from './order-causes.ts';

/**
 * An order's step as the network reports it (an event, or the order read again), kept on the order
 * and handed to the order's cause (modules/network/order-causes.ts), whose module says what it does here.
 */

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
