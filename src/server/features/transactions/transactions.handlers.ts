import type { Context } from 'hono';
import { transactionsApi } from '../../../contract/transactions.ts';
import { ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { transactionsPage } from './transactions.service.ts';

export async function list(c: Context<AppEnv>, { query }: Input<typeof transactionsApi.list>) {
  const { page, limit } = query;
  const { total, values } = await transactionsPage(c.var, c.var.member.id, page, limit);
  return ok(c, transactionsApi.list, { _meta: { total, page, limit }, _payload: { values } });
}
