import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { endpointsOf, PageCursor, payload, UserParams } from './shared.schema.ts';
import { VAT_RATE_PERCENT, vatOf, COMPANY } from './transactions.ts';
import { RECEIPT_KINDS } from './transactions.ts';

export { VAT_RATE_PERCENT, vatOf, COMPANY };

/** A top-up advance and its repayments (docs/product/lifelines.md) are credit lent and paid back, not a sale: no VAT. */
export const LOAN_KINDS: readonly string[] = ['advance', 'advance-repayment'];

/** Money and data movements of the member's SIMs, newest first. */
export const TransactionSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    description: z.string(),
    amount: z.number().int().meta({ description: 'Credit in cents; negative for credit spent' }),
    card_amount: z.number().int().meta({ description: 'What a card paid, in cents' }),
    data_kb: z.number().int().meta({ description: 'Data in (positive) or out (negative), KB' }),
    receipt: z.boolean().meta({ description: 'Has a receipt at /my48/transactions/<id>' }),
    usage: z.boolean().meta({
      description:
        'Use paid from credit (calls, texts, data past the allowances): the screen groups them by day and line',
    }),
  })
  .meta({ id: 'Transaction' });
export type Transaction = z.infer<typeof TransactionSchema>;

const endpoint = endpointsOf({ tag: 'Account', access: 'member' });

export const transactionsApi = {
  list: endpoint({
    id: 'transactions',
    method: 'get',
    path: '/panda/protected/users/{user_id}/transactions',
    summary: 'Money movements, newest first, paged',
    query: z.object({
      page: z.coerce
        .number({ error: 'page must be a number' })
        .int()
        .min(1, { error: 'page must be 1 or more' })
        .max(10_000)
        .default(1),
      limit: z.coerce
        .number({ error: 'limit must be a number' })
        .int()
        .min(1)
        .max(100, { error: 'limit must be 100 or less' })
        .default(20),
      before: PageCursor.optional().meta({
        description:
          'The page after the one that answered `_meta.next`: read from where that page ended, however far back (`page` then only labels it). Without it, `page` counts from the newest.',
      }),
      from: z.iso
        .date({ error: 'from must be a date (YYYY-MM-DD)' })
        .optional()
        .meta({ description: 'Only the movements of this Irish day or later (a chart’s day or month)' }),
      to: z.iso
        .date({ error: 'to must be a date (YYYY-MM-DD)' })
        .optional()
        .meta({ description: 'Only the movements of this Irish day or earlier' }),
    }),
    answer: z.object({
      _meta: z.object({
        total: z.number().int(),
        page: z.number().int(),
        limit: z.number().int(),
        next: z
          .string()
          .nullable()
          .meta({ description: 'Where the next page starts (its `before`), or null on the last page' }),
      }),
      _payload: z.object({ values: z.array(TransactionSchema) }),
    }),
    description: 'Transactions',
  }),
};

export const ReceiptSchema = z
  .object({
    id: z.number().int(),
    date: z.string(),
    description: z.string(),
    kind: z.enum(RECEIPT_KINDS),
    total_cents: z.number().int(),
    vat_cents: z.number().int(),
    net_cents: z.number().int(),
    vat_rate_percent: z.number().int(),
    credit_cents: z.number().int().meta({ description: 'What credit paid' }),
    card_cents: z.number().int().meta({ description: 'What a card paid' }),
    card: z.object({ brand: z.string(), last4: z.string() }).nullable(),
    msisdn: z.string().nullable(),
  })
  .meta({ id: 'Receipt' });
export type Receipt = z.infer<typeof ReceiptSchema>;

export const receiptsApi = {
  receipt: endpoint({
    id: 'receipt',
    method: 'get',
    path: '/panda/protected/users/{user_id}/transactions/{transaction_id}',
    summary: 'The receipt of one purchase or card payment: amounts with VAT and how it was paid',
    params: UserParams.extend({ transaction_id: z.string().regex(/^[0-9]{1,10}$/, { error: 'must be a number' }) }),
    answer: payload(ReceiptSchema),
    description: 'The receipt',
    errors: { 404: 'No such receipt of this member' },
  }),
};
export const receiptsFailures = failures('receipts', {
  noReceipt: { status: 404, message: 'There is no receipt for that transaction.' },
});
