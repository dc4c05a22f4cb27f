import type { Context } from 'hono';
import { numberLockApi, numberLockFailures } from '../../../../contract/number-lock.schema.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as service from './number-lock.service.ts';

type C = Context<AppEnv>;

export const state = async (c: C) =>
  ok(c, numberLockApi.state, { _payload: await service.numberLockOf(c.var, c.var.member.id) });

export const set = async (c: C, { body }: Input<typeof numberLockApi.set>) =>
  reply(
    c,
    numberLockApi.set,
    numberLockFailures,
    await service.setNumberLock(c.var, c.var.member.id, body.on, c.req.header(STEP_UP_HEADER)),
  );

export const ask = async (c: C, { params, body }: Input<typeof numberLockApi.ask>) =>
  reply(
    c,
    numberLockApi.ask,
    numberLockFailures,
    await service.askLockedChange(c.var, c.var.member.id, params.ssn, body, c.req.header(STEP_UP_HEADER)),
  );

export const confirm = async (c: C, { params }: Input<typeof numberLockApi.confirm>) =>
  reply(
    c,
    numberLockApi.confirm,
    numberLockFailures,
    await service.confirmLockedChange(c.var, c.var.member.id, params.ssn, c.req.header(STEP_UP_HEADER)),
  );

export const cancel = async (c: C, { params }: Input<typeof numberLockApi.cancel>) =>
  reply(
    c,
    numberLockApi.cancel,
    numberLockFailures,
    await service.cancelLockedChange(c.var, c.var.member.id, params.ssn),
  );
