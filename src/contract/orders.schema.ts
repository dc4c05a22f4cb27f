import { z } from './zod.ts';
import { FREE_SIM_SKU, ORDER_STATUSES } from './constants.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import { FreeSimOrderForm } from './forms.schema.ts';
import { messages } from './messages.ts';

/** SIM orders: the free SIM, and the list of the member's orders (replacements included). */
export const OrderSchema = z
  .object({
    id: z.number().int(),
    sku: z.string(),
    status: z.enum(ORDER_STATUSES),
    created_at: z.string(),
    firstname: z.string(),
    lastname: z.string(),
    s_line1: z.string(),
    s_line2: z.string().nullable(),
    s_city: z.string(),
    s_county: z.string(),
    s_postcode: z.string().nullable(),
    /** When the carrier took it; null while it waits to be sent. */
    dispatched_at: z.string().nullable(),
    /** When it arrived (status SIM_DELIVERED); another may be ordered then. */
    delivered_at: z.string().nullable(),
  })
  .meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

const endpoint = endpointsOf({ tag: 'Orders', access: 'member' });

export const ordersApi = {
  orderFreeSim: endpoint({
    id: 'orderFreeSim',
    moves: 'once',
    method: 'post',
    path: '/panda/protected/users/{user_id}/orders/free-sim',
    summary: `Order a free SIM (${FREE_SIM_SKU}) to an address in Ireland; one may be on its way at a time`,
    body: FreeSimOrderForm.meta({ id: 'FreeSimOrder' }),
    status: 201,
    answer: payload(z.object({ order: OrderSchema })),
    description: 'Ordered (status SIM_ORDERED)',
    errors: { 409: 'A free SIM is on its way already' },
  }),
  list: endpoint({
    id: 'orders',
    method: 'get',
    path: '/panda/protected/users/{user_id}/orders',
    summary: 'The member’s SIM orders, newest first',
    answer: z.object({
      _meta: z.object({ total: z.number().int() }),
      _payload: z.object({ values: z.array(OrderSchema) }),
    }),
    description: 'Orders',
  }),
};

export const ordersFailures = failures('orders', {
  freeSimOnItsWay: {
    status: 409,
    message: 'You already have a free SIM on its way. You can order another once it has arrived.',
  },
  captchaFailed: { status: 400, message: messages.captchaFailed },
});
