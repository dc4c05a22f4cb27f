import type { Context } from 'hono';
import {
  householdRequestFailures,
  householdRequestsApi,
  type HouseholdRequestRefusal,
} from '../../../contract/household-requests.schema.ts';
import { spendLimitMessage } from '../../../contract/security.schema.ts';
import { fail, languageOf, reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import type { Outcome } from '../../kernel/outcome.ts';
import { sendAlertPushes } from '../alerts/index.ts';
import { said } from './said.ts';
import * as service from './household.requests.ts';

type C = Context<AppEnv>;
type Refused = Extract<Outcome<unknown, HouseholdRequestRefusal>, { ok: false }>;

/** A refusal in the contract's terms; over the approver's limit names the limit and what is left. */
const refusal = (c: C) => (outcome: Refused) => {
  const failure = householdRequestFailures[outcome.reason];
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

/** The members an answer told (an alert each): pushed to their devices now, not at the next minute's job. */
async function pushed<T extends { told: number[] }>(c: C, outcome: Outcome<T, HouseholdRequestRefusal>) {
  if (!outcome.ok) return outcome;
  const { told, ...value } = outcome.value;
  if (told.length > 0)
    await sendAlertPushes(
      { db: c.var.db, clock: c.var.clock },
      c.var.push,
      c.var.config.push?.endpointOrigins ?? [],
      told,
    );
  return { ok: true as const, value };
}

export async function ask(c: C, { params, body }: Input<typeof householdRequestsApi.ask>) {
  return reply(
    c,
    householdRequestsApi.ask,
    refusal(c),
    await said(languageOf(c), pushed(c, await service.ask(c.var, c.var.member.id, params.ssn, body))),
  );
}

export async function approve(c: C, { params, body }: Input<typeof householdRequestsApi.approve>) {
  return reply(
    c,
    householdRequestsApi.approve,
    refusal(c),
    await said(
      languageOf(c),
      pushed(
        c,
        await service.approve(
          { db: c.var.db, clock: c.var.clock, payments: c.var.payments },
          c.var.member.id,
          Number(params.id),
          { fromSsn: body.from_ssn, paymentType: body.payment_type },
        ),
      ),
    ),
  );
}

export async function decline(c: C, { params, body }: Input<typeof householdRequestsApi.decline>) {
  return reply(
    c,
    householdRequestsApi.decline,
    refusal(c),
    await said(languageOf(c), pushed(c, await service.decline(c.var, c.var.member.id, Number(params.id), body.note))),
  );
}

export async function withdraw(c: C, { params }: Input<typeof householdRequestsApi.withdraw>) {
  return reply(
    c,
    householdRequestsApi.withdraw,
    refusal(c),
    await said(languageOf(c), pushed(c, await service.withdraw(c.var, c.var.member.id, Number(params.id)))),
  );
}
