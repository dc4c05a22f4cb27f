import {
  LIST_PRODUCTS_PATH,
  MARKET_CODE,
  type ListProductsRequest,
  type ListProductsResponse,
  type Product,
} from '../contract/catalogue.ts';

/**
 * The refurbished-phone catalogue's one call, ListProducts (Connect protocol: POST, JSON). Spec
 * section 8: a failure is an empty list with has_more false; `failed` lets a screen say so.
 */
export async function listProducts(
  request: Omit<ListProductsRequest, 'site_market_code'>,
): Promise<ListProductsResponse & { failed: boolean }> {
  try {
    const res = await fetch(LIST_PRODUCTS_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'connect-protocol-version': '1' },
      body: JSON.stringify({ site_market_code: MARKET_CODE, ...request }),
    });
    if (!res.ok) throw new Error(String(res.status));
    const body = (await res.json()) as ListProductsResponse;
    return { products: body.products, has_more: body.has_more, failed: false };
  } catch {
    return { products: [], has_more: false, failed: true };
  }
}

export const phoneName = (p: Product) => `${p.brand} ${p.model}`;
