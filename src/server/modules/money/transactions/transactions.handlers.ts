import type { Context } from 'hono';
import { receiptsApi, receiptsFailures, transactionsApi } from '../../../../contract/transactions.schema.ts';
import { decodeCursor } from '../../../../contract/page-cursor.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import { describedIn } from './ledger-words.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { startOfIrishDay } from '../../../kernel/calendar.ts';
import { receiptOf, transactionsPage } from './transactions.service.ts';

export async function list(c: Context<AppEnv>, { query }: Input<typeof transactionsApi.list>) {
  const { page, limit } = query;
  const { total, next, values } = await transactionsPage(
    c.var,
    c.var.member.id,
    {
      page,
      before: decodeCursor(query.before),
      // A range of Irish days, both included: from the start of the first to the start of the day after the last.
      from: query.from ? startOfIrishDay(query.from) : undefined,
      to: query.to ? startOfIrishDay(query.to, 1) : undefined,
    },
    limit,
  );
  // Each description in the member's language (ledger-words.ts).
  const language = languageOf(c);
  return ok(c, transactionsApi.list, {
    _meta: { total, page, limit, next },
    _payload: { values: values.map((t) => ({ ...t, description: describedIn(language, t.description) })) },
  });
}

export async function receipt(c: Context<AppEnv>, { params }: Input<typeof receiptsApi.receipt>) {
  return reply(
    c,
    receiptsApi.receipt,
    receiptsFailures,
    await receiptOf(c.var, c.var.member.id, Number(params.transaction_id)).then((found) =>
      found.ok
        ? { ...found, value: { ...found.value, description: describedIn(languageOf(c), found.value.description) } }
        : found,
    ),
  );
}
