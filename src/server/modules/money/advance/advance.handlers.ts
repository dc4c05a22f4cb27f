import type { Context } from 'hono';
import { advanceApi } from '../../../../contract/advance.schema.ts';
import { advanceFailures } from '../../../../contract/advance.calls.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as service from './advance.service.ts';

type C = Context<AppEnv>;

export const state = async (c: C, { params }: Input<typeof advanceApi.state>) =>
  ok(c, advanceApi.state, { _payload: await service.stateOf(c.var, params.ssn) });

export async function take(c: C, { params }: Input<typeof advanceApi.take>) {
  return reply(c, advanceApi.take, advanceFailures, await service.take(c.var, params.ssn));
}
