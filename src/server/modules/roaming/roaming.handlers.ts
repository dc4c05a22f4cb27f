import type { Context } from 'hono';
import { roamingApi, roamingFailures } from '../../../contract/roaming.schema.ts';
import { reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import * as service from './roaming.service.ts';

type C = Context<AppEnv>;

export async function get(c: C, { params }: Input<typeof roamingApi.get>) {
  return reply(c, roamingApi.get, roamingFailures, await service.roamingOf(c.var, c.var.member.id, params.ssn));
}

export async function setCap(c: C, { params, body }: Input<typeof roamingApi.setCap>) {
  return reply(
    c,
    roamingApi.setCap,
    roamingFailures,
    await service.setCap(c.var, c.var.member.id, params.ssn, body.cap_cents),
  );
}

export async function goOn(c: C, { params }: Input<typeof roamingApi.goOn>) {
  return reply(c, roamingApi.goOn, roamingFailures, await service.goOn(c.var, c.var.member.id, params.ssn));
}
