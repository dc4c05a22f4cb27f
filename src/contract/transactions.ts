import { z } from 'zod';
import { endpoint } from './endpoint.ts';
import { UserParams } from './schemas.ts';

/** Money and data movements of the member's SIMs, newest first. */
export const TransactionSchema = z
  .object({ id: z.number().int(), date: z.string(), description: z.string(), amount: z.number().int().meta({ description: 'Credit in cents; negative for credit spent' }), card_amount: z.number().int().meta({ description: 'What a card paid, in cents' }), data_kb: z.number().int().meta({ description: 'Data in (positive) or out (negative), KB' }) })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof TransactionSchema>;

export const transactionsApi = {
  list: endpoint({
    id: 'transactions', method: 'get', path: '/panda/protected/users/{user_id}/transactions', access: 'member', tag: 'Account', summary: 'Money movements, newest first, paged',
    params: UserParams,
    query: z.object({
      page: z.coerce.number({ error: 'page must be a number' }).int().min(1, { error: 'page must be 1 or more' }).max(10_000).default(1),
      limit: z.coerce.number({ error: 'limit must be a number' }).int().min(1).max(100, { error: 'limit must be 100 or less' }).default(20),
    }),
    answer: z.object({ _meta: z.object({ total: z.number().int(), page: z.number().int(), limit: z.number().int() }), _payload: z.object({ values: z.array(TransactionSchema) }) }),
    description: 'Transactions',
  }),
};
