import type { Context } from 'hono';
import { roamingApi, roamingFailures } from '../../../contract/roaming.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import * as service from './roaming.service.ts';

type C = Context<AppEnv>;

export async function get(c: C, { params }: Input<typeof roamingApi.get>) {
  const outcome = await service.roamingOf(c.var, c.var.member.id, params.ssn);
  if (!outcome.ok) return fail(c, roamingFailures[outcome.reason]);
  return ok(c, roamingApi.get, { _payload: outcome.value });
}

export async function setCap(c: C, { params, body }: Input<typeof roamingApi.setCap>) {
  const outcome = await service.setCap(c.var, c.var.member.id, params.ssn, body.cap_cents);
  if (!outcome.ok) return fail(c, roamingFailures[outcome.reason]);
  return ok(c, roamingApi.setCap, { _payload: outcome.value });
}

export async function goOn(c: C, { params }: Input<typeof roamingApi.goOn>) {
  const outcome = await service.goOn(c.var, c.var.member.id, params.ssn);
  if (!outcome.ok) return fail(c, roamingFailures[outcome.reason]);
  return ok(c, roamingApi.goOn, { _payload: outcome.value });
}
