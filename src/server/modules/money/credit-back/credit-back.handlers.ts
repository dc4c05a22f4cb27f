import type { Context } from 'hono';
import { creditBackApi, creditBackFailures } from '../../../../contract/port-out-credit.schema.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as service from './credit-back.ts';

type C = Context<AppEnv>;

export const list = async (c: C) =>
  ok(c, creditBackApi.list, { _payload: { values: await service.creditBacksOf(c.var, c.var.member.id) } });

export const status = async (c: C, { params }: Input<typeof creditBackApi.status>) =>
  reply(c, creditBackApi.status, creditBackFailures, await service.creditBackOf(c.var, c.var.member.id, params.ssn));

export const request = async (c: C, { params, body }: Input<typeof creditBackApi.request>) =>
  reply(
    c,
    creditBackApi.request,
    creditBackFailures,
    await service.requestCreditBack(c.var, c.var.member.id, params.ssn, body),
  );
