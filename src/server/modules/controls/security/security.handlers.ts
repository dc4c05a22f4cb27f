import type { Context } from 'hono';
import { message } from '../../../../contract/i18n/messages.ts';
import { securityApi, securityFailures } from '../../../../contract/security.schema.ts';
import { STEP_UP_HEADER, stepUpApi } from '../../../../contract/step-up.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { issueStepUpCode } from '../../identity/index.ts';
import * as service from './security.service.ts';

type C = Context<AppEnv>;

export const requestCode = async (c: C, { body }: Input<typeof stepUpApi.requestCode>) =>
  ok(c, stepUpApi.requestCode, { _payload: await issueStepUpCode(c.var, c.var.member.id, body.purpose) });

export const spendLimit = async (c: C) =>
  ok(c, securityApi.spendLimit, { _payload: await service.spendLimitOf(c.var, c.var.member.id) });

export const setSpendLimit = async (c: C, { body }: Input<typeof securityApi.setSpendLimit>) =>
  ok(c, securityApi.setSpendLimit, { _payload: await service.setSpendLimit(c.var, c.var.member.id, body.limit_cents) });

export async function blockSim(c: C, { params }: Input<typeof securityApi.blockSim>) {
  return reply(c, securityApi.blockSim, securityFailures, await service.blockSim(c.var, c.var.member.id, params.ssn));
}

export async function unblockSim(c: C, { params }: Input<typeof securityApi.unblockSim>) {
  return reply(
    c,
    securityApi.unblockSim,
    securityFailures,
    await service.unblockSim(c.var, c.var.member.id, params.ssn, c.req.header(STEP_UP_HEADER)),
  );
}

export async function changeEmail(c: C, { body }: Input<typeof securityApi.changeEmail>) {
  return reply(
    c,
    securityApi.changeEmail,
    securityFailures,
    await service.changeEmail(c.var, c.var.member, body, c.req.header(STEP_UP_HEADER), c.var.config.siteUrl),
  );
}

export const emailChange = async (c: C) =>
  ok(c, securityApi.emailChange, { _payload: await service.emailChangeOf(c.var, c.var.member) });

export async function confirmEmail(c: C, { params }: Input<typeof securityApi.confirmEmail>) {
  const secret = /^[0-9]{6}$/.test(params.token) ? { code: params.token } : { token: params.token };
  return reply(
    c,
    securityApi.confirmEmail,
    securityFailures,
    await service.confirmEmail(c.var, c.var.member, secret),
    (value) => ({
      _payload: {
        email: value.email,
        message: message(languageOf(c), 'security.emailChanged', { email: value.email }),
      },
    }),
  );
}
