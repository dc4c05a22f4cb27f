import type { Context } from 'hono';
import { supportApi, supportFailures, supportMessages } from '../../../contract/support.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import * as support from './support.service.ts';

type C = Context<AppEnv>;

export async function tickets(c: C) {
  return ok(c, supportApi.tickets, { _payload: { values: await support.listTickets(c.var, c.var.member.id) } });
}

export async function ticket(c: C, { params }: Input<typeof supportApi.ticket>) {
  const outcome = await support.timeline(c.var, c.var.member.id, params.reference);
  if (!outcome.ok) return fail(c, supportFailures[outcome.reason]);
  return ok(c, supportApi.ticket, { _payload: outcome.value });
}

export async function raiseComplaint(c: C, { body }: Input<typeof supportApi.raiseComplaint>) {
  const raised = await support.raiseComplaint(c.var, c.var.member, body, c.var.config.siteUrl);
  return ok(c, supportApi.raiseComplaint, { _payload: raised });
}

export async function escalate(c: C, { params, body }: Input<typeof supportApi.escalate>) {
  const outcome = await support.escalate(c.var, c.var.member.id, params.reference, body.reason);
  if (!outcome.ok) return fail(c, supportFailures[outcome.reason]);
  return ok(c, supportApi.escalate, { _payload: { message: supportMessages.escalated } });
}
