import { z } from './zod.ts';
import { CATEGORY_IDS, GRADES, MARKET_CODE, PRODUCT_LIMIT_MAX, type Category } from './catalogue.ts';

/**
 * ListProducts' request as the server reads it (zod; the browser's pages use catalogue.ts alone).
 * Proto3 JSON readers accept a field's JSON name and its proto name, so siteMarketCode and
 * starting_after are read too.
 */
const alias = (value: unknown, pairs: [from: string, to: string][]) => {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  for (const [from, to] of pairs)
    if (from in copy && !(to in copy)) {
      copy[to] = copy[from];
      delete copy[from];
    }
  return copy;
};

const PaginationBody = z.strictObject(
  {
    limit: z
      .number({ error: 'pagination.limit must be a number' })
      .int({ error: 'pagination.limit must be a whole number' })
      .min(1, { error: 'pagination.limit must be at least 1' })
      .max(PRODUCT_LIMIT_MAX, { error: `pagination.limit must be at most ${PRODUCT_LIMIT_MAX}` })
      .default(20),
    startingAfter: z.string().max(64, { error: 'pagination.startingAfter is not a product id' }).optional(),
  },
  { error: 'pagination has an unknown field' },
);
const Pagination = z.preprocess((v) => alias(v, [['starting_after', 'startingAfter']]), PaginationBody);

const FilterBody = z.strictObject(
  {
    category: z
      .array(
        z.enum(CATEGORY_IDS as [Category, ...Category[]], {
          error: `filter.category must be one of ${CATEGORY_IDS.join(', ')}`,
        }),
      )
      .max(CATEGORY_IDS.length)
      .optional(),
    brand: z.array(z.string().min(1).max(40)).max(20).optional(),
    grade: z
      .array(z.enum(GRADES, { error: `filter.grade must be one of ${GRADES.join(', ')}` }))
      .max(3)
      .optional(),
    storage_gb: z.array(z.number().int().positive()).max(10).optional(),
    max_price_cents: z.number().int().positive().optional(),
  },
  { error: 'filter has an unknown field' },
);
const Filter = z.preprocess(
  (v) =>
    alias(v, [
      ['storageGb', 'storage_gb'],
      ['maxPriceCents', 'max_price_cents'],
    ]),
  FilterBody,
);

export const ListProductsRequestSchema = z.preprocess(
  (v) => alias(v, [['siteMarketCode', 'site_market_code']]),
  z.strictObject(
    {
      site_market_code: z.literal(MARKET_CODE, { error: `site_market_code must be '${MARKET_CODE}'` }),
      sort: z
        .strictObject(
          {
            by: z.enum(['popularity', 'price'], { error: "sort.by must be 'popularity' or 'price'" }),
            order: z.enum(['asc', 'desc'], { error: "sort.order must be 'asc' or 'desc'" }).default('desc'),
          },
          { error: 'sort has an unknown field' },
        )
        .default({ by: 'popularity', order: 'desc' }),
      pagination: Pagination.default({ limit: 20 }),
      filter: Filter.default({}),
    },
    { error: 'the request has an unknown field' },
  ),
);
export type ListProductsQuery = z.output<typeof ListProductsRequestSchema>;
