import type { ListProductsRequest } from '../../../contract/catalogue.ts';

export const PAGE_SIZE = 12;
export const SORTS = { popularity: 'Most popular', 'price-asc': 'Price: low to high', 'price-desc': 'Price: high to low' } as const;
export type Sort = keyof typeof SORTS;
export interface PhoneChoices {
  brand: string;
  grade: string;
  sort: Sort;
}

/** The ListProducts request for the member's choices (an empty choice filters nothing). */
export function requestOf(choices: PhoneChoices, startingAfter?: string): Omit<ListProductsRequest, 'site_market_code'> {
  const sort = choices.sort === 'popularity' ? { by: 'popularity' as const, order: 'desc' as const } : { by: 'price' as const, order: choices.sort === 'price-asc' ? ('asc' as const) : ('desc' as const) };
  return {
    sort,
    pagination: { limit: PAGE_SIZE, ...(startingAfter ? { startingAfter } : {}) },
    filter: { ...(choices.brand ? { brand: [choices.brand] } : {}), ...(choices.grade ? { grade: [choices.grade as 'Excellent'] } : {}) },
  };
}
