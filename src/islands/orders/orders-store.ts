import { map } from 'nanostores';
import { route } from '../../contract/endpoint.ts';
import type { ordersApi, Order } from '../../contract/orders.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';

// Typed by its endpoint, without the schema library (island pages load no zod).
const ordersRoute = route<typeof ordersApi.list>('get', '/panda/protected/users/{user_id}/orders');

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
export const orderStatusText = (order: Order) => statusText[order.status];
export const orderItemText = (sku: string) =>
  sku === 'Pre_Start_3FF_N' ? 'Free 48 SIM' : sku.startsWith('Kickback_Pack') ? 'Free SIM for a friend' : sku;
