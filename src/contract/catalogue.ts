/**
 * The refurbished-phone catalogue (docs/product/community-and-offers.md "Refurbished phones"; spec sections 3,
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
/** Spec section 7's category filters: the partner's phone categories, with their names on screen. */
export const CATEGORIES = {
  flagship: 'Flagship',
  everyday: 'Everyday',
  budget: 'Budget',
  foldable: 'Foldable',
} as const;
export type Category = keyof typeof CATEGORIES;
export const CATEGORY_IDS = Object.keys(CATEGORIES) as Category[];
/** The brands the partner sells (the filter's choices; the local catalogue is typed by it). */
export const BRANDS = ['Apple', 'Samsung', 'Google', 'OnePlus', 'Motorola', 'Xiaomi', 'Nokia'] as const;

/** A request as a caller writes it (the spec's names); catalogue.schema.ts reads it on the server. */
export interface ListProductsRequest {
  site_market_code: typeof MARKET_CODE;
  sort?: { by: 'popularity' | 'price'; order?: 'asc' | 'desc' };
  pagination?: { limit?: number; startingAfter?: string };
  filter?: {
    category?: Category[];
    brand?: string[];
    grade?: (typeof GRADES)[number][];
    storage_gb?: number[];
    max_price_cents?: number;
  };
}

export interface Product {
  id: string;
  brand: string;
  model: string;
  category: Category;
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
