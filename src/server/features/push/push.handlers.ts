import type { Context } from 'hono';
import { pushApi, pushFailures } from '../../../contract/push.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import * as service from './push.service.ts';

type C = Context<AppEnv>;

const deps = (c: C): service.PushDeps => ({
  db: c.var.db,
  clock: c.var.clock,
  push: c.var.push,
  extraOrigins: c.var.config.push?.endpointOrigins ?? [],
});

export const state = async (c: C) =>
  ok(c, pushApi.state, { _payload: await service.stateOf(deps(c), c.var.member.id, c.var.sessionId) });

export async function subscribe(c: C, { body }: Input<typeof pushApi.subscribe>) {
  const outcome = await service.subscribe(deps(c), c.var.member.id, c.var.sessionId, body);
  if (!outcome.ok) return fail(c, pushFailures[outcome.reason]);
  return ok(c, pushApi.subscribe, { _payload: outcome.value });
}

export const unsubscribe = async (c: C, { body }: Input<typeof pushApi.unsubscribe>) =>
  ok(c, pushApi.unsubscribe, {
    _payload: await service.unsubscribe(deps(c), c.var.member.id, c.var.sessionId, body.endpoint),
  });

export async function test(c: C) {
  const outcome = await service.sendTest(deps(c), c.var.member.id);
  if (!outcome.ok) return fail(c, pushFailures[outcome.reason]);
  return ok(c, pushApi.test, { _payload: outcome.value });
}
