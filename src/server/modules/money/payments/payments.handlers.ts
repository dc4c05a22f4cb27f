import type { Context } from 'hono';
import { paymentsApi, paymentsFailures } from '../../../../contract/payments.schema.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import { spendLimitMessage } from '../../../../contract/security.schema.ts';
import { fail, languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as service from './payments.service.ts';

type C = Context<AppEnv>;
const ctx = (c: C): service.PaymentsContext => ({ db: c.var.db, clock: c.var.clock, payments: c.var.payments });

export async function createCheckout(c: C, { params, body }: Input<typeof paymentsApi.createCheckout>) {
  const outcome = await service.createCheckout(ctx(c), c.var.member.id, params.ssn, body);
  if (!outcome.ok && outcome.reason === 'overSpendLimit')
    return fail(c, {
      ...paymentsFailures.overSpendLimit,
      message: spendLimitMessage(
        Number(outcome.detail?.['limitCents']),
        Number(outcome.detail?.['leftCents']),
        languageOf(c),
      ),
    });
  if (!outcome.ok) return fail(c, paymentsFailures[outcome.reason]);
  return ok(c, paymentsApi.createCheckout, { _payload: outcome.value });
}

export async function registerCard(c: C) {
  return reply(
    c,
    paymentsApi.registerCard,
    paymentsFailures,
    await service.registerCard(ctx(c), c.var.member.id, c.req.header(STEP_UP_HEADER)),
  );
}

export const storedCard = async (c: C) =>
  ok(c, paymentsApi.storedCard, { _payload: { card: await service.storedCardOf(c.var, c.var.member.id) } });

export async function removeCard(c: C) {
  return reply(
    c,
    paymentsApi.removeCard,
    paymentsFailures,
    await service.removeCard(c.var, c.var.member.id, c.req.header(STEP_UP_HEADER)),
    () => ({ _payload: { card: null } }),
  );
}

export async function checkout(c: C, { params, query }: Input<typeof paymentsApi.checkout>) {
  c.header('cache-control', 'no-store');
  const language = query.language ?? languageOf(c);
  return reply(
    c,
    paymentsApi.checkout,
    paymentsFailures,
    await service.checkoutInfo(ctx(c), params.checkout_id, language),
  );
}

export async function checkoutResult(c: C, { params }: Input<typeof paymentsApi.checkoutResult>) {
  return reply(
    c,
    paymentsApi.checkoutResult,
    paymentsFailures,
    await service.checkoutResult(ctx(c), params.checkout_id),
  );
}

/** Logged without card data: only the step, the result and a message the widget wrote. */
export function reportError(c: C, { body }: Input<typeof paymentsApi.reportError>) {
  c.var.log.warn(
    { payment: { step: body.step, result: body.result, message: body.message.replace(/\d{6,}/g, '[digits]') } },
    'payment error reported',
  );
  return ok(c, paymentsApi.reportError, { _payload: { received: true } });
}
