import { desc, eq } from 'drizzle-orm';
import { FREE_SIM_SKU } from '../../../../contract/constants.ts';
import type { Order } from '../../../../contract/orders.schema.ts';
import { orders } from '../../../db/schema.ts';
import { orderOf, placeOrder, type Address } from '../orders.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';

/** A free SIM (Pre_Start_3FF_N) to an Irish address; one may be on its way at a time. */
export async function orderFreeSim(
  ctx: ServiceContext,
  memberId: number,
  address: Address,
): Promise<Outcome<Order, 'freeSimOnItsWay'>> {
  const placed = await placeOrder(ctx, {
    memberId,
    sku: FREE_SIM_SKU,
    status: 'SIM_ORDERED',
    shippingType: 'FREE_SIM',
    address,
  });
  return placed.ok ? done(placed.value) : refused('freeSimOnItsWay');
}

export async function ordersOf({ db }: ServiceContext, memberId: number): Promise<Order[]> {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.memberId, memberId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map(orderOf);
}
