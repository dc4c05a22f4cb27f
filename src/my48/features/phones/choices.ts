import { PRODUCT_LIMIT_MAX, type Category, type ListProductsRequest } from '../../../contract/catalogue.ts';

/** Spec sections 7 and 9: the catalogue is asked for pages of the product pagination limit, 100. */
export const PAGE_SIZE = PRODUCT_LIMIT_MAX;
/** The orders a member may list the phones in, each said by the catalogue (`my48.ph.sort.<sort>`). */
export const SORTS = ['popularity', 'price-asc', 'price-desc'] as const;
export type Sort = (typeof SORTS)[number];
export interface PhoneChoices {
  /** A category of spec section 7's filters, or '' for all. */
  category: Category | '';
  brand: string;
  grade: string;
  sort: Sort;
}

/** The ListProducts request for the member's choices (an empty choice filters nothing). */
export function requestOf(
  choices: PhoneChoices,
  startingAfter?: string,
): Omit<ListProductsRequest, 'site_market_code'> {
  const sort =
    choices.sort === 'popularity'
      ? { by: 'popularity' as const, order: 'desc' as const }
      : { by: 'price' as const, order: choices.sort === 'price-asc' ? ('asc' as const) : ('desc' as const) };
  return {
    sort,
    pagination: { limit: PAGE_SIZE, ...(startingAfter ? { startingAfter } : {}) },
    filter: {
      ...(choices.category ? { category: [choices.category] } : {}),
      ...(choices.brand ? { brand: [choices.brand] } : {}),
      ...(choices.grade ? { grade: [choices.grade as 'Excellent'] } : {}),
    },
  };
}
