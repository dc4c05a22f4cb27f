import type { Order } from '../../contract/orders.schema.ts';
import { formatEircode } from '../../contract/forms.schema.ts';
import { isUniqueViolation } from '../db/client.ts';
import type { Queryable } from '../db/client.ts';
import { orders } from '../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from './outcome.ts';

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
});

/**
 * Places a SIM order to an Irish address. One open order of a kind per member: a partial unique
 * index decides, also for two orders sent at once, and the refusal comes back as `alreadyOpen`.
 */
export async function placeOrder(
  { db, clock }: ServiceContext,
  order: {
    memberId: number;
    sku: string;
    status: 'SIM_ORDERED' | 'SIM_REORDERED';
    shippingType: string;
    address: Address;
  },
): Promise<Outcome<Order, 'alreadyOpen'>> {
  const a = order.address;
  try {
    const [row] = await db
      .insert(orders)
      .values({
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
        createdAt: clock(),
      })
      .returning();
    return done(orderOf(row!));
  } catch (error) {
    if (isUniqueViolation(error)) return refused('alreadyOpen');
    throw error;
  }
}

/** Inserts a SIM order inside the caller's transaction (recruit orders: the caller checks its own limits). */
export async function placeOrderIn(
  tx: Queryable,
  now: Date,
  order: {
    memberId: number;
    sku: string;
    status: 'SIM_ORDERED';
    shippingType: string;
    address: Address;
    recruiterMemberId: number;
    ip?: string;
  },
): Promise<typeof orders.$inferSelect> {
  const a = order.address;
  const [row] = await tx
    .insert(orders)
    .values({
      memberId: order.memberId,
      sku: order.sku,
      quantity: 1,
      status: order.status,
      channel: 'web',
      shippingType: order.shippingType,
      recruiterMemberId: order.recruiterMemberId,
      firstname: a.firstname,
      lastname: a.lastname,
      line1: a.s_line1,
      line2: a.s_line2 || null,
      city: a.s_city,
      county: a.s_county,
      postcode: formatEircode(a.s_postcode),
      ip: order.ip ?? null,
      createdAt: now,
    })
    .returning();
  return row!;
}
