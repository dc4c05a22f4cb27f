import type { Logger } from 'pino';
import { LIST_PRODUCTS_PATH, type ListProductsResponse, type Product } from '../../../../../contract/catalogue.ts';
import type { ListProductsQuery } from '../../../../../contract/catalogue.schema.ts';
import { localCatalogue } from './local-catalogue.ts';

/**
 * The refurbished-phone catalogue behind one adapter: the local catalogue by default, the
 * partner's Connect service when CATALOGUE_URL is set. Spec section 8: a failure of the list is
 * an empty list with has_more false, never an error page; a request the list cannot answer
 * (a startingAfter that is not in it) is the caller's mistake and says so.
 */
export type CatalogueAnswer =
  { ok: true; value: ListProductsResponse } | { ok: false; code: 'invalid_argument'; message: string };

export interface CatalogueAdapter {
  list(query: ListProductsQuery): Promise<CatalogueAnswer>;
  /** A phone of the local catalogue (for its image); the partner serves its own images. */
  product(id: string): Product | undefined;
}

export const EMPTY_LIST: ListProductsResponse = { products: [], has_more: false };

/** Filters, sorts (ties by id, so pages never overlap) and pages a list of phones. */
export function pageOf(all: readonly Product[], query: ListProductsQuery): CatalogueAnswer {
  const { filter, sort, pagination } = query;
  const brands = filter.brand?.map((b) => b.toLowerCase());
  const matching = all.filter(
    (p) =>
      (!filter.category?.length || filter.category.includes(p.category)) &&
      (!brands?.length || brands.includes(p.brand.toLowerCase())) &&
      (!filter.grade?.length || filter.grade.includes(p.grade)) &&
      (!filter.storage_gb?.length || filter.storage_gb.includes(p.storage_gb)) &&
      (filter.max_price_cents === undefined || p.price_cents <= filter.max_price_cents),
  );
  const key = (p: Product) => (sort.by === 'price' ? p.price_cents : p.popularity);
  const sign = sort.order === 'asc' ? 1 : -1;
  const sorted = [...matching].sort((a, b) => sign * (key(a) - key(b)) || a.id.localeCompare(b.id));
  let start = 0;
  if (pagination.startingAfter !== undefined) {
    const at = sorted.findIndex((p) => p.id === pagination.startingAfter);
    if (at < 0)
      return { ok: false, code: 'invalid_argument', message: 'pagination.startingAfter is not a product of this list' };
    start = at + 1;
  }
  const products = sorted.slice(start, start + pagination.limit);
  return { ok: true, value: { products, has_more: start + products.length < sorted.length } };
}

export function localCatalogueAdapter(phones: readonly Product[] = localCatalogue): CatalogueAdapter & { local: true } {
  const byId = new Map(phones.map((p) => [p.id, p]));
  return { local: true, list: async (query) => pageOf(phones, query), product: (id) => byId.get(id) };
}

/** The partner's service: the same Connect call, forwarded with our key (a secret, server only). */
export function partnerCatalogue(
  config: { url: string; apiKey: string; timeoutMs?: number },
  log?: Logger,
  fetchImpl: typeof fetch = fetch,
): CatalogueAdapter {
  return {
    product: () => undefined,
    async list(query) {
      try {
        const res = await fetchImpl(`${config.url.replace(/\/$/, '')}${LIST_PRODUCTS_PATH}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'connect-protocol-version': '1',
            authorization: `Bearer ${config.apiKey}`,
          },
          body: JSON.stringify(query),
          signal: AbortSignal.timeout(config.timeoutMs ?? 5000),
        });
        const body = (await res.json().catch(() => null)) as {
          products?: unknown;
          has_more?: unknown;
          hasMore?: unknown;
          code?: unknown;
          message?: unknown;
        } | null;
        if (res.status === 400 && body?.code === 'invalid_argument')
          return { ok: false, code: 'invalid_argument', message: String(body.message ?? 'invalid request') };
        if (!res.ok || !body || !Array.isArray(body.products)) throw new Error(`catalogue answered ${res.status}`);
        return {
          ok: true,
          value: { products: body.products as Product[], has_more: Boolean(body.has_more ?? body.hasMore) },
        };
      } catch (error) {
        log?.warn({ err: error }, 'refurbished catalogue unavailable: answering an empty list');
        return { ok: true, value: EMPTY_LIST };
      }
    },
  };
}
