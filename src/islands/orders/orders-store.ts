import { map } from 'nanostores';
import { ordersRoute } from '../../contract/orders.calls.ts';
import type { Order } from '../../contract/orders.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';

// Typed by its endpoint, without the schema library (island pages load no zod).

export const $orders = map<{ values?: Order[] | undefined; error?: string | undefined }>({});

export async function loadOrders(userId: string): Promise<void> {
  try {
    const { _payload } = await call(ordersRoute, { params: { user_id: userId } });
    $orders.set({ values: _payload.values });
  } catch (error) {
    $orders.set({ error: errorMessage(error, 'Your orders could not be loaded. Please try again.') });
  }
}

const statusText: Record<Order['status'], string> = {
  SIM_ORDERED: 'Ordered',
  SIM_REORDERED: 'Replacement ordered',
  SIM_DELIVERED: 'Delivered',
};
/** Where the order is now: delivered, on its way (dispatched), or ordered and waiting to be sent. */
export const orderStatusText = (order: Order) =>
  order.status !== 'SIM_DELIVERED' && order.dispatched_at ? 'Dispatched, on its way' : statusText[order.status];

/** The steps of a delivery (docs/product/customer-care.md), each with its date once it has happened. */
export function orderSteps(order: Order): { step: string; at: string | null }[] {
  return [
    { step: order.status === 'SIM_REORDERED' ? 'Replacement ordered' : 'Ordered', at: order.created_at },
    { step: 'Dispatched', at: order.dispatched_at },
    { step: 'Delivered', at: order.delivered_at },
  ];
}

/** A free SIM may be ordered when none is on its way: the last one was delivered (or activated), or there was none. */
export const canOrderFreeSim = (orders: readonly Order[]) =>
  !orders.some((o) => o.sku === 'Pre_Start_3FF_N' && o.status === 'SIM_ORDERED');
export const orderItemText = (sku: string) =>
  sku === 'Pre_Start_3FF_N' ? 'Free 48 SIM' : sku.startsWith('Kickback_Pack') ? 'Free SIM for a friend' : sku;
