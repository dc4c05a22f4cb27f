import type { Context } from 'hono';
import { householdUsage } from './lines-usage.ts';
import {
  householdApi,
  householdFailures,
  householdMessages,
  type HouseholdRefusal,
} from '../../../contract/household.schema.ts';
import { spendLimitMessage } from '../../../contract/security.schema.ts';
import { fail, languageOf, ok, reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import type { Outcome } from '../../kernel/outcome.ts';
import type { Applied } from '../money/index.ts';
import * as lineControls from './controls/controls.service.ts';
import { controlsOf } from './controls/controls.read.ts';
import * as dataCap from './controls/data-cap.ts';
import * as under18 from './controls/under-18.ts';
import * as invitations from './household.invitations.ts';
import { requestsOf } from './household.requests.read.ts';
import { said, sayAnswer } from './said.ts';
import { sayIn } from '../alerts/index.ts';
import * as service from './household.service.ts';
import { REQUESTS_OPEN_PER_LINE } from '../../../contract/household.ts';

type C = Context<AppEnv>;
type Refused = Extract<Outcome<unknown, HouseholdRefusal>, { ok: false }>;

/** A refusal in the contract's terms; over the owner's limit names the limit and what is left. */
const refusal = (c: C) => (outcome: Refused) => {
  const failure = householdFailures[outcome.reason];
  if (outcome.reason === 'overSpendLimit')
    return fail(c, {
      ...failure,
      message: spendLimitMessage(
        Number(outcome.detail?.['limitCents']),
        Number(outcome.detail?.['leftCents']),
        languageOf(c),
      ),
    });
  return fail(c, failure);
};

const money = (c: C) => ({ db: c.var.db, clock: c.var.clock, payments: c.var.payments });

export const household = async (c: C) => {
  const [view, asked] = await Promise.all([
    service.householdOf(c.var, c.var.member.id),
    requestsOf(c.var, c.var.member.id),
  ]);
  const language = languageOf(c);
  return ok(c, householdApi.household, {
    _payload: {
      ...view,
      requests: asked.map((r) => sayAnswer(language, r)),
      open_requests_per_line: REQUESTS_OPEN_PER_LINE,
    },
  });
};

export const lines = async (c: C) =>
  ok(c, householdApi.lines, { _payload: { values: await service.linesOf(c.var, c.var.member.id) } });

export const usage = async (c: C) =>
  ok(c, householdApi.usage, { _payload: await householdUsage(c.var, c.var.member.id) });

export async function line(c: C, { params }: Input<typeof householdApi.line>) {
  return reply(
    c,
    householdApi.line,
    refusal(c),
    await said(languageOf(c), service.lineFigures(c.var, c.var.member.id, params.ssn)),
  );
}

export async function invite(c: C, { body }: Input<typeof householdApi.invite>) {
  return reply(
    c,
    householdApi.invite,
    refusal(c),
    await said(languageOf(c), invitations.invite(c.var, c.var.member.id, body.msisdn)),
  );
}

export async function cancel(c: C, { params }: Input<typeof householdApi.cancel>) {
  return reply(
    c,
    householdApi.cancel,
    refusal(c),
    await said(languageOf(c), invitations.cancel(c.var, c.var.member.id, Number(params.id))),
  );
}

export async function accept(c: C, { params, body }: Input<typeof householdApi.accept>) {
  return reply(
    c,
    householdApi.accept,
    refusal(c),
    await said(languageOf(c), invitations.accept(c.var, c.var.member.id, Number(params.id), body.code)),
  );
}

export async function decline(c: C, { params }: Input<typeof householdApi.decline>) {
  return reply(
    c,
    householdApi.decline,
    refusal(c),
    await said(languageOf(c), invitations.decline(c.var, c.var.member.id, Number(params.id))),
  );
}

export async function remove(c: C, { params }: Input<typeof householdApi.remove>) {
  return reply(
    c,
    householdApi.remove,
    refusal(c),
    await said(languageOf(c), service.remove(c.var, c.var.member.id, params.ssn)),
  );
}

export async function leave(c: C, { params }: Input<typeof householdApi.leave>) {
  return reply(
    c,
    householdApi.leave,
    refusal(c),
    await said(languageOf(c), service.leave(c.var, c.var.member.id, params.ssn)),
  );
}

export async function buyMembership(c: C, { params, body }: Input<typeof householdApi.buyMembership>) {
  const outcome = await service.buyForLine(money(c), c.var.member.id, {
    ssn: params.ssn,
    fromSsn: body.from_ssn,
    purchase: { kind: 'membership', sku: body.sku, recurrence: false },
    paymentType: body.payment_type,
  });
  if (!outcome.ok) return refusal(c)(outcome);
  const { kind: _kind, ...membership } = outcome.value.applied as Extract<Applied, { kind: 'membership' }>;
  return ok(c, householdApi.buyMembership, {
    _payload: {
      membership,
      payment: outcome.value.payment,
      message: sayIn(languageOf(c), householdMessages.bought(membership.name, outcome.value.label)),
    },
  });
}

export async function addCredit(c: C, { params, body }: Input<typeof householdApi.addCredit>) {
  const outcome = await service.buyForLine(money(c), c.var.member.id, {
    ssn: params.ssn,
    fromSsn: body.from_ssn,
    purchase: { kind: 'credit', amountCents: body.amount_cents },
    paymentType: body.payment_type,
  });
  if (!outcome.ok) return refusal(c)(outcome);
  return ok(c, householdApi.addCredit, {
    _payload: {
      payment: outcome.value.payment,
      message: sayIn(languageOf(c), householdMessages.credited(body.amount_cents, outcome.value.label)),
    },
  });
}

export async function setSpendLimit(c: C, { params, body }: Input<typeof householdApi.setSpendLimit>) {
  return reply(
    c,
    householdApi.setSpendLimit,
    refusal(c),
    await said(languageOf(c), service.setSpendLimit(c.var, c.var.member.id, params.ssn, body.limit_cents)),
  );
}

export async function controls(c: C, { params }: Input<typeof householdApi.controls>) {
  return reply(
    c,
    householdApi.controls,
    refusal(c),
    await said(languageOf(c), controlsOf(c.var, c.var.member.id, params.ssn)),
  );
}

export async function setFilter(c: C, { params, body }: Input<typeof householdApi.setFilter>) {
  return reply(
    c,
    householdApi.setFilter,
    refusal(c),
    await said(languageOf(c), lineControls.setFilter(c.var, c.var.member.id, params.ssn, params.filter, body.on)),
  );
}

export async function pause(c: C, { params, body }: Input<typeof householdApi.pause>) {
  return reply(
    c,
    householdApi.pause,
    refusal(c),
    await said(languageOf(c), lineControls.pause(c.var, c.var.member.id, params.ssn, body.kind, body.until)),
  );
}

export async function resume(c: C, { params }: Input<typeof householdApi.resume>) {
  return reply(
    c,
    householdApi.resume,
    refusal(c),
    await said(languageOf(c), lineControls.resume(c.var, c.var.member.id, params.ssn)),
  );
}

export async function setRole(c: C, { params, body }: Input<typeof householdApi.setRole>) {
  return reply(
    c,
    householdApi.setRole,
    refusal(c),
    await said(languageOf(c), lineControls.setRole(c.var, c.var.member.id, params.ssn, body.role)),
  );
}

export async function setUnder18(c: C, { params, body }: Input<typeof householdApi.setUnder18>) {
  return reply(
    c,
    householdApi.setUnder18,
    refusal(c),
    await said(languageOf(c), under18.setUnder18(c.var, c.var.member.id, params.ssn, body.under_18)),
  );
}

export async function answerUnder18(c: C, { params, body }: Input<typeof householdApi.answerUnder18>) {
  return reply(
    c,
    householdApi.answerUnder18,
    refusal(c),
    await said(languageOf(c), under18.answerUnder18(c.var, c.var.member.id, params.ssn, body.accept)),
  );
}

export async function setDataCap(c: C, { params, body }: Input<typeof householdApi.setDataCap>) {
  return reply(
    c,
    householdApi.setDataCap,
    refusal(c),
    await said(languageOf(c), dataCap.setDataCap(c.var, c.var.member.id, params.ssn, body.gb)),
  );
}

export async function setSharing(c: C, { params, body }: Input<typeof householdApi.setSharing>) {
  return reply(
    c,
    householdApi.setSharing,
    refusal(c),
    await said(languageOf(c), under18.setSharing(c.var, c.var.member.id, params.ssn, body.outside)),
  );
}
