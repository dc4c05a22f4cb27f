import type { Context } from 'hono';
import {
  flexiDataApi,
  flexiFailures,
  flexiMessages,
  type FlexiAction,
  type FlexiRefusal,
} from '../../../contract/flexi-data.schema.ts';
import { fail, languageOf, ok, reply } from '../../http/answers.ts';
import { decimalIn, message } from '../../../contract/i18n/messages.ts';
import { KB_PER_GB } from '../../../contract/constants.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import type { Outcome } from '../../kernel/outcome.ts';
import * as friends from './flexi-data.friends.ts';
import * as reads from './flexi-data.reads.ts';
import * as flexi from './flexi-data.service.ts';

type C = Context<AppEnv>;

/** A refusal in the action's words; the billing platform not answering is also logged (spec section 8). */
const refusal = (c: C, action: FlexiAction) => (outcome: Extract<Outcome<unknown, FlexiRefusal>, { ok: false }>) => {
  if (outcome.reason === 'backendUnavailable') {
    const what = action === 'carryover' ? flexiMessages.carryoverBackendError : `Backend error in performing ${action}`;
    c.var.log.error({ ssn: c.req.param('ssn'), action }, what);
  }
  return fail(c, flexiFailures[action][outcome.reason]);
};

export async function overview(c: C, { params }: Input<typeof flexiDataApi.overview>) {
  return ok(c, flexiDataApi.overview, { _payload: await reads.overview(c.var, c.var.member.id, params.ssn) });
}

export async function carryover(c: C, { params }: Input<typeof flexiDataApi.carryover>) {
  const outcome = await flexi.carryover(c.var, params.ssn);
  if (!outcome.ok) return refusal(c, 'carryover')(outcome);
  const { unused_kb: _left, ...answer } = outcome.value;
  // The spec's English words, or the same in the member's language with the figure as it writes them.
  const language = languageOf(c);
  const said =
    language === 'en'
      ? answer.message
      : message(language, 'flexi.carried', { gb: decimalIn(language, answer.carried_kb / KB_PER_GB) });
  return ok(c, flexiDataApi.carryover, { _payload: { ...answer, message: said } });
}

export async function donate(c: C, { params, body }: Input<typeof flexiDataApi.donate>) {
  return reply(c, flexiDataApi.donate, refusal(c, 'donate'), await flexi.donate(c.var, params.ssn, body.amount_gb));
}

export async function donations(c: C, { params }: Input<typeof flexiDataApi.donations>) {
  return ok(c, flexiDataApi.donations, { _payload: { values: await reads.donationsOf(c.var, params.ssn) } });
}

export async function safe(c: C, { params }: Input<typeof flexiDataApi.safe>) {
  const outcome = await reads.safeBalance(c.var, params.ssn);
  if (!outcome.ok) {
    c.var.log.error({ ssn: params.ssn }, 'Backend error in reading the Safe balance');
    return fail(c, flexiFailures.save.safeUnavailable);
  }
  return ok(c, flexiDataApi.safe, { _payload: outcome.value });
}

export async function save(c: C, { params, body }: Input<typeof flexiDataApi.save>) {
  return reply(c, flexiDataApi.save, refusal(c, 'save'), await flexi.save(c.var, params.ssn, body.amount_gb));
}

export async function unlock(c: C, { params, body }: Input<typeof flexiDataApi.unlock>) {
  return reply(c, flexiDataApi.unlock, refusal(c, 'unlock'), await flexi.unlock(c.var, params.ssn, body.amount_gb));
}

export async function swap(c: C, { params, body }: Input<typeof flexiDataApi.swap>) {
  return reply(c, flexiDataApi.swap, refusal(c, 'swap'), await flexi.swap(c.var, params.ssn, body.amount_gb));
}

export async function spotme(c: C, { params, body }: Input<typeof flexiDataApi.spotme>) {
  return reply(c, flexiDataApi.spotme, refusal(c, 'spotme'), await friends.spotMe(c.var, params.ssn, body));
}

export async function share(c: C, { params, body }: Input<typeof flexiDataApi.share>) {
  return reply(c, flexiDataApi.share, refusal(c, 'share'), await friends.share(c.var, params.ssn, body));
}
