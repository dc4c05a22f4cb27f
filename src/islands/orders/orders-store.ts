import { map } from 'nanostores';
import { ordersRoute } from '../../contract/orders.calls.ts';
import type { Order } from '../../contract/orders.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { $ordersWords } from './orders-words.ts';

// Typed by its endpoint, without the schema library (island pages load no zod).

export const $orders = map<{ values?: Order[] | undefined; error?: string | undefined }>({});

export async function loadOrders(userId: string): Promise<void> {
  try {
    const { _payload } = await call(ordersRoute, { params: { user_id: userId } });
    $orders.set({ values: _payload.values });
  } catch (error) {
    $orders.set({
      error: errorMessage(
        error,
        $ordersWords.get()?.['orders.loadFailed'] ?? 'Your orders could not be loaded. Please try again.',
      ),
    });
  }
}

/** Where an order is now (said in the page's words, `orders.status.*`). */
export type OrderStatus = 'ordered' | 'reordered' | 'delivered' | 'dispatched';
const statusOf: Record<Order['status'], OrderStatus> = {
  SIM_ORDERED: 'ordered',
  SIM_REORDERED: 'reordered',
  SIM_DELIVERED: 'delivered',
};
/** Where the order is now: delivered, on its way (dispatched), or ordered and waiting to be sent. */
export const orderStatus = (order: Order): OrderStatus =>
  order.status !== 'SIM_DELIVERED' && order.dispatched_at ? 'dispatched' : statusOf[order.status];

/** The steps of a delivery (docs/product/customer-care.md), each with its date once it has happened. */
export function orderSteps(order: Order): { step: Exclude<OrderStatus, 'dispatched'> | 'sent'; at: string | null }[] {
  return [
    { step: order.status === 'SIM_REORDERED' ? 'reordered' : 'ordered', at: order.created_at },
    { step: 'sent', at: order.dispatched_at },
    { step: 'delivered', at: order.delivered_at },
  ];
}

/** A free SIM may be ordered when none is on its way: the last one was delivered (or activated), or there was none. */
export const canOrderFreeSim = (orders: readonly Order[]) =>
  !orders.some((o) => o.sku === 'Pre_Start_3FF_N' && o.status === 'SIM_ORDERED');
/** What was ordered: the member's free SIM, a friend's, or (another product) its SKU as it is. */
export const orderItem = (sku: string): 'freeSim' | 'friend' | undefined =>
  sku === 'Pre_Start_3FF_N' ? 'freeSim' : sku.startsWith('Kickback_Pack') ? 'friend' : undefined;
