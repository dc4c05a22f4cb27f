import type { Context } from 'hono';
import { supportApi, supportFailures, supportMessages } from '../../../../contract/support.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as support from './support.service.ts';

type C = Context<AppEnv>;

export async function tickets(c: C) {
  return ok(c, supportApi.tickets, { _payload: { values: await support.listTickets(c.var, c.var.member.id) } });
}

export async function ticket(c: C, { params }: Input<typeof supportApi.ticket>) {
  // The portal's own entries in the member's language; what people wrote as written.
  const { member } = c.var;
  return reply(c, supportApi.ticket, supportFailures, await support.timeline(c.var, member, params.reference));
}

export async function raiseComplaint(c: C, { body }: Input<typeof supportApi.raiseComplaint>) {
  const raised = await support.raiseComplaint(c.var, c.var.member, body, c.var.config.siteUrl);
  return ok(c, supportApi.raiseComplaint, { _payload: raised });
}

export async function escalate(c: C, { params, body }: Input<typeof supportApi.escalate>) {
  return reply(
    c,
    supportApi.escalate,
    supportFailures,
    await support.escalate(c.var, c.var.member.id, params.reference, body.reason),
    // The contract's English, or the same in the member's language.
    () => {
      const language = languageOf(c);
      return {
        _payload: {
          message: language === 'en' ? supportMessages.escalated : message(language, 'support.escalated'),
        },
      };
    },
  );
}
