import { z } from 'zod';

/**
 * The refurbished-phone catalogue (community-and-offers.md "Refurbished phones"; spec sections 3,
 * 7, 8 and 9): one Connect-protocol method, ListProducts, with a JSON body. Field names follow
 * the spec (site_market_code, pagination.startingAfter, has_more); proto3 JSON readers accept a
 * field's JSON name and its proto name, so siteMarketCode and starting_after are read too.
 */
export const LIST_PRODUCTS_PATH = '/refb.partner.affiliate.v1.ProductService/ListProducts';
export const MARKET_CODE = 'ie';
/** Spec section 9: product pagination limit 100. */
export const PRODUCT_LIMIT_MAX = 100;
/** /need-a-device shows the cheapest few (spec section 7: one call uses limit 7 ascending). */
export const CHEAPEST_COUNT = 7;
export const GRADES = ['Excellent', 'Very good', 'Good'] as const;

const alias = (value: unknown, pairs: [from: string, to: string][]) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [from, to] of pairs) if (from in copy && !(to in copy)) { copy[to] = copy[from]; delete copy[from]; }
  return copy;
};

const Pagination = z.preprocess(
  (v) => alias(v, [['starting_after', 'startingAfter']]),
  z.strictObject({
    limit: z.number({ error: 'pagination.limit must be a number' }).int({ error: 'pagination.limit must be a whole number' })
      .min(1, { error: 'pagination.limit must be at least 1' }).max(PRODUCT_LIMIT_MAX, { error: `pagination.limit must be at most ${PRODUCT_LIMIT_MAX}` }).default(20),
    startingAfter: z.string().max(64, { error: 'pagination.startingAfter is not a product id' }).optional(),
  }, { error: 'pagination has an unknown field' }),
);

const Filter = z.preprocess(
  (v) => alias(v, [['storageGb', 'storage_gb'], ['maxPriceCents', 'max_price_cents']]),
  z.strictObject({
    brand: z.array(z.string().min(1).max(40)).max(20).optional(),
    grade: z.array(z.enum(GRADES, { error: `filter.grade must be one of ${GRADES.join(', ')}` })).max(3).optional(),
    storage_gb: z.array(z.number().int().positive()).max(10).optional(),
    max_price_cents: z.number().int().positive().optional(),
  }, { error: 'filter has an unknown field' }),
);

export const ListProductsRequest = z.preprocess(
  (v) => alias(v, [['siteMarketCode', 'site_market_code']]),
  z.strictObject({
    site_market_code: z.literal(MARKET_CODE, { error: `site_market_code must be '${MARKET_CODE}'` }),
    sort: z.strictObject({
      by: z.enum(['popularity', 'price'], { error: "sort.by must be 'popularity' or 'price'" }),
      order: z.enum(['asc', 'desc'], { error: "sort.order must be 'asc' or 'desc'" }).default('desc'),
    }, { error: 'sort has an unknown field' }).default({ by: 'popularity', order: 'desc' }),
    pagination: Pagination.default({ limit: 20 }),
    filter: Filter.default({}),
  }, { error: 'the request has an unknown field' }),
);
export type ListProductsRequest = z.input<typeof ListProductsRequest>;
export type ListProductsQuery = z.output<typeof ListProductsRequest>;

export interface Product {
  id: string;
  brand: string;
  model: string;
  grade: (typeof GRADES)[number];
  storage_gb: number;
  colour: string;
  /** Euro cents, VAT included. */
  price_cents: number;
  /** Higher is more popular (sales in the last 30 days). */
  popularity: number;
  image_url: string;
  /** The phone in the partner's shop. */
  url: string;
}

export interface ListProductsResponse {
  products: Product[];
  has_more: boolean;
}

/** A Connect error (spec: errors are {code, message}). */
export interface ConnectError {
  code: 'invalid_argument' | 'unavailable' | 'internal' | 'not_found';
  message: string;
}

/** The partner's shop link for a phone, with the member's affiliate id when there is one. */
export function shopLink(product: Product, affiliateId?: string | null): string {
  if (!affiliateId) return product.url;
  const url = new URL(product.url);
  url.searchParams.set('affiliate', affiliateId);
  return url.toString();
}
