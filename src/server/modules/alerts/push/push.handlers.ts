import type { Context } from 'hono';
import { pushApi, pushFailures } from '../../../../contract/push.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
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
  return reply(
    c,
    pushApi.subscribe,
    pushFailures,
    await service.subscribe(deps(c), c.var.member.id, c.var.sessionId, body),
  );
}

export const unsubscribe = async (c: C, { body }: Input<typeof pushApi.unsubscribe>) =>
  ok(c, pushApi.unsubscribe, {
    _payload: await service.unsubscribe(deps(c), c.var.member.id, c.var.sessionId, body.endpoint),
  });

export async function test(c: C) {
  return reply(c, pushApi.test, pushFailures, await service.sendTest(deps(c), c.var.member.id, languageOf(c)));
}
