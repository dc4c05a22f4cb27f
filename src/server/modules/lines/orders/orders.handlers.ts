import type { Context } from 'hono';
import { ordersApi, ordersFailures } from '../../../../contract/orders.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import { personAnswered } from '../../../http/limiters.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { orderFreeSim as order, ordersOf } from './orders.service.ts';

export async function orderFreeSim(c: Context<AppEnv>, { body }: Input<typeof ordersApi.orderFreeSim>) {
  if (!(await personAnswered(c, body.captcha, 'free_sim'))) return fail(c, ordersFailures.captchaFailed);
  return reply(c, ordersApi.orderFreeSim, ordersFailures, await order(c.var, c.var.member.id, body), (value) => ({
    _payload: { order: value },
  }));
}

export async function list(c: Context<AppEnv>) {
  const values = await ordersOf(c.var, c.var.member.id);
  return ok(c, ordersApi.list, { _meta: { total: values.length }, _payload: { values } });
}
