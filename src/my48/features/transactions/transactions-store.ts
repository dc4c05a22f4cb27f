import { map } from 'nanostores';
import { receiptsApi, transactionsApi, type Receipt, type Transaction } from '../../../contract/transactions.ts';
import { call, errorMessage } from '../../../lib/http.ts';
import { currentUserId, memberParams } from '../../../lib/member-session.ts';
import { loader } from '../../../stores/loader.ts';

export const PAGE_SIZE = 10;

export interface TransactionsState {
  page: number;
  values?: Transaction[] | undefined;
  total?: number | undefined;
  error?: string | undefined;
}

/** Money in and out, newest first, a page at a time. */
export const $transactions = map<TransactionsState>({ page: 1 });

export async function showPage(page: number): Promise<void> {
  $transactions.set({ ...$transactions.get(), page });
  try {
    const answer = await call(transactionsApi.list, {
      params: { user_id: currentUserId() ?? '' },
      query: { page, limit: PAGE_SIZE },
    });
    // A newer request for another page wins.
    if ($transactions.get().page === page)
      $transactions.set({ page, values: answer._payload.values, total: answer._meta.total });
  } catch (error) {
    $transactions.set({ page, error: errorMessage(error, 'Your transactions could not be loaded. Please try again.') });
  }
}

export const pagesOf = (total: number) => Math.ceil(total / PAGE_SIZE);

/** One receipt (/my48/transactions/<id>): loading, loaded, or the API's refusal (a retry beside it). */
export const receipt = loader<Receipt, string>(
  async (id) => (await call(receiptsApi.receipt, { params: { ...memberParams(), transaction_id: id } }))._payload,
  'This receipt could not be loaded. Please try again.',
);
