import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Order } from '../../../contract/orders.schema.ts';
import { formatEircode } from '../../../contract/forms.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { orders } from '../../db/schema.ts';
import { unlessTaken, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';

export interface Address {
  firstname: string;
  lastname: string;
  s_line1: string;
  s_line2?: string | undefined;
  s_city: string;
  s_county: string;
  s_postcode?: string | undefined;
}

/** An order as the API answers it (field names as the spec's order payloads). */
export const orderOf = (o: typeof orders.$inferSelect): Order => ({
  id: o.id,
  sku: o.sku,
  status: o.status as Order['status'],
  created_at: o.createdAt.toISOString(),
  firstname: o.firstname,
  lastname: o.lastname,
  s_line1: o.line1,
  s_line2: o.line2,
  s_city: o.city,
  s_county: o.county,
  s_postcode: o.postcode,
  dispatched_at: o.dispatchedAt?.toISOString() ?? null,
  delivered_at: o.deliveredAt?.toISOString() ?? null,
});

/** The statuses of an order on its way: it may be dispatched, then delivered (docs/product/customer-care.md). */
export const ON_THE_WAY = ['SIM_ORDERED', 'SIM_REORDERED'] as const;

/**
 * What the carrier says of an order on its way: taken (dispatched) and arrived (delivered, status
 * SIM_DELIVERED: the member may order another). Only moves an order forward, whichever of two
 * job runs or a sandbox click gets there first; an order already delivered is left as it is.
 */
export async function recordDelivery(
  db: Queryable,
  orderId: number,
  step: { dispatchedAt?: Date | undefined; deliveredAt?: Date | undefined },
): Promise<'dispatched' | 'delivered' | 'unchanged'> {
  const open = and(eq(orders.id, orderId), inArray(orders.status, ON_THE_WAY));
  if (step.deliveredAt) {
    const done = await db
      .update(orders)
      .set({
        status: 'SIM_DELIVERED',
        deliveredAt: step.deliveredAt,
        dispatchedAt: sql`coalesce(${orders.dispatchedAt}, ${step.dispatchedAt ?? step.deliveredAt})`,
      })
      .where(open)
      .returning({ id: orders.id });
    return done.length > 0 ? 'delivered' : 'unchanged';
  }
  if (step.dispatchedAt) {
    const done = await db
      .update(orders)
      .set({ dispatchedAt: step.dispatchedAt })
      .where(and(open, isNull(orders.dispatchedAt)))
      .returning({ id: orders.id });
    return done.length > 0 ? 'dispatched' : 'unchanged';
  }
  return 'unchanged';
}

/** A web order of one SIM to an Irish address. */
interface WebOrder {
  memberId: number;
  sku: string;
  status: 'SIM_ORDERED' | 'SIM_REORDERED';
  shippingType: string;
  address: Address;
}

/** The row of a web order (the Eircode written as Eircodes are). */
function webOrderRow(order: WebOrder, now: Date) {
  const a = order.address;
  return {
    memberId: order.memberId,
    sku: order.sku,
    quantity: 1,
    status: order.status,
    channel: 'web',
    shippingType: order.shippingType,
    firstname: a.firstname,
    lastname: a.lastname,
    line1: a.s_line1,
    line2: a.s_line2 || null,
    city: a.s_city,
    county: a.s_county,
    postcode: formatEircode(a.s_postcode),
    createdAt: now,
  };
}

/**
 * Places a SIM order to an Irish address. One open order of a kind per member: a partial unique
 * index decides, also for two orders sent at once, and the refusal comes back as `alreadyOpen`.
 */
export async function placeOrder(
  { db, clock }: ServiceContext,
  order: WebOrder,
): Promise<Outcome<Order, 'alreadyOpen'>> {
  return unlessTaken('alreadyOpen', async () => {
    const [row] = await db.insert(orders).values(webOrderRow(order, clock())).returning();
    return orderOf(row!);
  });
}

/** Inserts a SIM order inside the caller's transaction (recruit orders: the caller checks its own limits). */
export async function placeOrderIn(
  tx: Queryable,
  now: Date,
  order: WebOrder & { status: 'SIM_ORDERED'; recruiterMemberId: number; ip?: string },
): Promise<typeof orders.$inferSelect> {
  const [row] = await tx
    .insert(orders)
    .values({ ...webOrderRow(order, now), recruiterMemberId: order.recruiterMemberId, ip: order.ip ?? null })
    .returning();
  return row!;
}
