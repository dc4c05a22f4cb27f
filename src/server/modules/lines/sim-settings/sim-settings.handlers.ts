import type { Context } from 'hono';
import { messages } from '../../../../contract/messages.ts';
import { simSettingsApi, simSettingsFailures } from '../../../../contract/sim-settings.schema.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { lineChangesTold } from '../line-changes.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import {
  changeToEsim as toEsim,
  esimOf,
  changeSim as change,
  openPortIn as openOf,
  reorderSim as reorder,
  requestPortIn as request,
} from './sim-settings.service.ts';

type C = Context<AppEnv>;

/** A SIM changed: the member is mailed and pushed at once, with the way to say it wasn't them. */
const tellNow = (c: C) =>
  lineChangesTold.now({
    db: c.var.db,
    clock: c.var.clock,
    siteUrl: c.var.config.siteUrl,
    push: c.var.push,
    pushOrigins: c.var.config.push?.endpointOrigins ?? [],
  });

export const openPortIn = async (c: C) =>
  ok(c, simSettingsApi.openPortIn, { _payload: { request: await openOf(c.var, c.var.member.id) } });

export async function requestPortIn(c: C, { params, body }: Input<typeof simSettingsApi.requestPortIn>) {
  return reply(
    c,
    simSettingsApi.requestPortIn,
    simSettingsFailures,
    await request(c.var, c.var.member.id, params.ssn, body),
    (value) => ({
      _payload: { request: value, message: messages.portinInProgress },
    }),
  );
}

export async function reorderSim(c: C, { params, body }: Input<typeof simSettingsApi.reorderSim>) {
  return reply(
    c,
    simSettingsApi.reorderSim,
    simSettingsFailures,
    await reorder(c.var, c.var.member.id, params.ssn, body),
    (value) => ({ _payload: { order: value } }),
  );
}

export async function changeSim(c: C, { params, body }: Input<typeof simSettingsApi.changeSim>) {
  const changed = await change(
    c.var,
    c.var.member.id,
    params.ssn,
    body.new_ssn,
    body.password,
    c.req.header(STEP_UP_HEADER),
  );
  if (changed.ok) await tellNow(c);
  return reply(c, simSettingsApi.changeSim, simSettingsFailures, changed, (value) => ({ _payload: { sim: value } }));
}

export async function changeToEsim(c: C, { params, body }: Input<typeof simSettingsApi.changeToEsim>) {
  const changed = await toEsim(c.var, c.var.member.id, params.ssn, body.password, c.req.header(STEP_UP_HEADER));
  if (changed.ok) await tellNow(c);
  return reply(c, simSettingsApi.changeToEsim, simSettingsFailures, changed);
}

export async function esim(c: C, { params }: Input<typeof simSettingsApi.esim>) {
  return reply(c, simSettingsApi.esim, simSettingsFailures, await esimOf(c.var, c.var.member.id, params.ssn));
}
