import type { Context } from 'hono';
import { messages } from '../../../contract/messages.ts';
import { simSettingsApi, simSettingsFailures } from '../../../contract/sim-settings.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { STEP_UP_HEADER } from '../../../contract/step-up.schema.ts';
import {
  changeToEsim as toEsim,
  esimOf,
  changeSim as change,
  openPortIn as openOf,
  reorderSim as reorder,
  requestPortIn as request,
} from './sim-settings.service.ts';

type C = Context<AppEnv>;

export const openPortIn = async (c: C) =>
  ok(c, simSettingsApi.openPortIn, { _payload: { request: await openOf(c.var, c.var.member.id) } });

export async function requestPortIn(c: C, { params, body }: Input<typeof simSettingsApi.requestPortIn>) {
  const outcome = await request(c.var, c.var.member.id, params.ssn, body);
  if (!outcome.ok) return fail(c, simSettingsFailures[outcome.reason]);
  return ok(c, simSettingsApi.requestPortIn, {
    _payload: { request: outcome.value, message: messages.portinInProgress },
  });
}

export async function reorderSim(c: C, { params, body }: Input<typeof simSettingsApi.reorderSim>) {
  const outcome = await reorder(c.var, c.var.member.id, params.ssn, body);
  if (!outcome.ok) return fail(c, simSettingsFailures[outcome.reason]);
  return ok(c, simSettingsApi.reorderSim, { _payload: { order: outcome.value } });
}

export async function changeSim(c: C, { params, body }: Input<typeof simSettingsApi.changeSim>) {
  const outcome = await change(
    c.var,
    c.var.member.id,
    params.ssn,
    body.new_ssn,
    body.password,
    c.req.header(STEP_UP_HEADER),
  );
  if (!outcome.ok) return fail(c, simSettingsFailures[outcome.reason]);
  return ok(c, simSettingsApi.changeSim, { _payload: { sim: outcome.value } });
}

export async function changeToEsim(c: C, { params, body }: Input<typeof simSettingsApi.changeToEsim>) {
  const outcome = await toEsim(c.var, c.var.member.id, params.ssn, body.password, c.req.header(STEP_UP_HEADER));
  if (!outcome.ok) return fail(c, simSettingsFailures[outcome.reason]);
  return ok(c, simSettingsApi.changeToEsim, { _payload: outcome.value });
}

export async function esim(c: C, { params }: Input<typeof simSettingsApi.esim>) {
  const outcome = await esimOf(c.var, c.var.member.id, params.ssn);
  if (!outcome.ok) return fail(c, simSettingsFailures[outcome.reason]);
  return ok(c, simSettingsApi.esim, { _payload: outcome.value });
}
