import { sql } from 'drizzle-orm';
import { type AnyPgColumn, bigint, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { ORDER_STATUSES, PRODUCT_KINDS } from '../../../contract/constants.ts';
import { createdAt, oneOf, rowId, ts } from '../../db/schema/columns.ts';
import { members } from '../identity/members.tables.ts';

export const products = pgTable(
  'products',
  {
    sku: text('sku').primaryKey(),
    name: text('name').notNull(),
    kind: text('kind', { enum: PRODUCT_KINDS }).notNull(),
    priceCents: integer('price_cents').notNull(),
    days: integer('days').notNull(),
    /** Allowances; null means unlimited. */
    dataKb: bigint('data_kb', { mode: 'number' }),
    fupKb: bigint('fup_kb', { mode: 'number' }),
    mobileMinutes: integer('mobile_minutes'),
    landlineMinutes: integer('landline_minutes'),
    texts: integer('texts'),
  },
  (t) => [
    oneOf('products_kind', t.kind, PRODUCT_KINDS),
    check('products_price', sql`${t.priceCents} >= 0`),
    check('products_days', sql`${t.days} >= 0`),
  ],
);

/**
 * SIM cards made and shipped but not yet linked to a member. Activation moves a card from here
 * to `sims` in one transaction, so a card can be activated once.
 */
export const simStock = pgTable(
  'sim_stock',
  {
    ssn: text('ssn').primaryKey(),
    msisdn: text('msisdn').notNull(),
    puk: text('puk').notNull(),
    product: text('product').notNull(),
    /** The recruit order this card was sent with (its activation is the friend's). */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('sim_stock_msisdn_unique').on(t.msisdn),
    uniqueIndex('sim_stock_one_card_per_order').on(t.orderId),
    check('sim_stock_msisdn_shape', sql`${t.msisdn} ~ '^08[0-9]{8}$'`),
  ],
);

export const orders = pgTable(
  'orders',
  {
    id: rowId(),
    memberId: integer('member_id').references(() => members.id, { onDelete: 'set null' }),
    sku: text('sku')
      .notNull()
      .references(() => products.sku),
    quantity: integer('quantity').notNull().default(1),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    channel: text('channel').notNull().default('web'),
    shippingType: text('shipping_type'),
    firstname: text('firstname').notNull(),
    lastname: text('lastname').notNull(),
    line1: text('line1').notNull(),
    line2: text('line2'),
    city: text('city').notNull(),
    county: text('county').notNull(),
    postcode: text('postcode'),
    /** Recruit orders: the member who recruits (the sender of a free SIM, or the friend's recruiter for mates rates). */
    recruiterMemberId: integer('recruiter_member_id').references((): AnyPgColumn => members.id, {
      onDelete: 'set null',
    }),
    /** Mates-rates orders (spec section 3): the customer's IP address the order was placed from. */
    ip: text('ip'),
    createdAt: createdAt(),
    /** When the carrier took the SIM (docs/product/customer-care.md); null while it waits in the warehouse. */
    dispatchedAt: ts('dispatched_at'),
    /** When it arrived (the carrier's word, or the member activated it): status SIM_DELIVERED. */
    deliveredAt: ts('delivered_at'),
  },
  (t) => [
    index('orders_member_time_idx').on(t.memberId, t.createdAt),
    // The delivery job's scan: only orders on their way, oldest first.
    index('orders_on_the_way_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('SIM_ORDERED', 'SIM_REORDERED')`),
    check('orders_delivered_when', sql`(${t.status} = 'SIM_DELIVERED') = (${t.deliveredAt} is not null)`),
    index('orders_recruiter_time_idx').on(t.recruiterMemberId, t.createdAt),
    oneOf('orders_status', t.status, ORDER_STATUSES),
    // One free SIM on its way per member: a second order while the first is open is refused by the database.
    uniqueIndex('orders_one_open_free_sim')
      .on(t.memberId)
      .where(sql`${t.sku} = 'Pre_Start_3FF_N' and ${t.status} = 'SIM_ORDERED'`),
    // One replacement SIM on its way per member.
    uniqueIndex('orders_one_open_replacement')
      .on(t.memberId)
      .where(sql`${t.status} = 'SIM_REORDERED'`),
    check('orders_quantity', sql`${t.quantity} between 1 and 10`),
  ],
);
