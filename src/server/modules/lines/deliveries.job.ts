import { asc, inArray } from 'drizzle-orm';
import { orders } from '../../db/schema.ts';
import type { DeliveryAdapter } from './integrations/delivery/index.ts';
import { ON_THE_WAY, recordDelivery } from './orders.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

/** How many orders one turn asks the carrier about (oldest first; the rest next minute), and for how long at most. */
const BATCH = 200;
const TURN_MS = 20_000;

/**
 * SIM orders on their way (docs/product/customer-care.md): the carrier is asked where each is, outside any
 * transaction, and what it says moves the order on (dispatched, then delivered: SIM_DELIVERED,
 * after which the member may order again). An order the carrier cannot be asked about now waits
 * for the next turn. Returns how many orders moved.
 */
export async function runDeliveries({ db }: ServiceContext, carrier: DeliveryAdapter): Promise<number> {
  const onTheWay = await db
    .select({ id: orders.id, createdAt: orders.createdAt, dispatchedAt: orders.dispatchedAt })
    .from(orders)
    .where(inArray(orders.status, ON_THE_WAY))
    .orderBy(asc(orders.createdAt))
    .limit(BATCH);
  let moved = 0;
  const until = performance.now() + TURN_MS;
  for (const shipment of onTheWay) {
    if (performance.now() > until) break;
    const tracking = await carrier.track(shipment).catch(() => undefined);
    if (!tracking) continue;
    if ((await recordDelivery(db, shipment.id, tracking)) !== 'unchanged') moved += 1;
  }
  return moved;
}
