import { receiptsApi, transactionsApi, type Receipt, type Transaction } from '../../../contract/transactions.schema.ts';
import { call } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';
import { say } from '../../speech.ts';

export const PAGE_SIZE = 10;

/**
 * Where each page met so far starts (the `next` of the page before it): the pages are read from
 * there, so page 50 of a long history costs the server what page 1 does. A page not reached one
 * after another (none, today) is counted from the newest instead.
 */
const pageStarts = new Map<number, string>();

/** The Irish days the list is narrowed to (a chart's day or month on Usage), or none: every movement. */
export interface DayRange {
  from: string;
  to: string;
}
let range: DayRange | undefined;

/** Money in and out, newest first, a page at a time (the page is the key; the table stays while the next loads). */
export const transactions = loader<{ page: number; values: Transaction[]; total: number }, number>(
  async (page) => {
    if (page === 1) pageStarts.clear();
    const before = pageStarts.get(page);
    const answer = await call(transactionsApi.list, {
      params: { user_id: currentUserId() ?? '' },
      query: { page, limit: PAGE_SIZE, ...(before ? { before } : {}), ...(range ?? {}) },
    });
    if (answer._meta.next) pageStarts.set(page + 1, answer._meta.next);
    return { page, values: answer._payload.values, total: answer._meta.total };
  },
  () => say('my48.tx.loadFailed'),
  { keepWhileLoading: true },
);

export const showPage = (page: number) => transactions.load(page);

/** The list from its first page, narrowed to a range of days or not. */
export function showRange(days: DayRange | undefined) {
  range = days;
  pageStarts.clear();
  return transactions.load(1);
}

export const pagesOf = (total: number) => Math.ceil(total / PAGE_SIZE);

/** One receipt (/my48/transactions/<id>): loading, loaded, or the API's refusal (a retry beside it). */
export const receipt = loader<Receipt, string>(
  async (id) => (await call(receiptsApi.receipt, { params: { ...memberParams(), transaction_id: id } }))._payload,
  'This receipt could not be loaded. Please try again.',
);
