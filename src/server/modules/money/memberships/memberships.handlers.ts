import type { Context } from 'hono';
import { membershipsApi, membershipsFailures } from '../../../../contract/memberships.schema.ts';
import { spendLimitMessage } from '../../../../contract/security.schema.ts';
import { fail, languageOf, ok } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import type { Outcome } from '../../../kernel/outcome.ts';
import type { Applied } from '../purchases/purchases.ts';
import { offers, pay, setRecurrence, type MoneyContext } from './memberships.service.ts';

type C = Context<AppEnv>;
type Reason = keyof typeof membershipsFailures;

const money = (c: C): MoneyContext => ({ db: c.var.db, clock: c.var.clock, payments: c.var.payments });

/** A refusal in the contract's terms; a card payment that is needed answers 402 with its amount. */
function refusal(c: C, outcome: Extract<Outcome<unknown, Reason>, { ok: false }>) {
  const failure = membershipsFailures[outcome.reason];
  if (outcome.reason === 'overSpendLimit')
    return fail(c, {
      ...failure,
      message: spendLimitMessage(
        Number(outcome.detail?.['limitCents']),
        Number(outcome.detail?.['leftCents']),
        languageOf(c),
      ),
    });
  if (outcome.reason === 'checkoutRequired') {
    return fail(c, failure, { checkout_required: { amount_cents: Number(outcome.detail?.['amount_cents'] ?? 0) } });
  }
  return fail(c, failure);
}

export async function allowed(c: C, { params }: Input<typeof membershipsApi.allowed>) {
  const outcome = await offers(c.var, c.var.member.id, params.ssn);
  if (!outcome.ok) return refusal(c, outcome);
  return ok(c, membershipsApi.allowed, { _payload: outcome.value });
}

export async function recurrence(c: C, { params, query, body }: Input<typeof membershipsApi.recurrence>) {
  if (query.single_topUp === 'true') {
    const purchase = {
      kind: 'membership' as const,
      sku: body.recurrence_sku,
      recurrence: body.recurrence_enabled === 'true',
    };
    const outcome = await pay(money(c), {
      memberId: c.var.member.id,
      ssn: params.ssn,
      purchase,
      paymentType: body.payment_type,
    });
    if (!outcome.ok) return refusal(c, outcome);
    const { kind: _kind, ...membership } = outcome.value.applied as Extract<Applied, { kind: 'membership' }>;
    return c.json({ _payload: { membership, payment: outcome.value.payment } }, 201);
  }
  const outcome = await setRecurrence(c.var, c.var.member.id, params.ssn, { enabled: true, sku: body.recurrence_sku });
  if (!outcome.ok) return refusal(c, outcome);
  return ok(c, membershipsApi.recurrence, { _payload: outcome.value });
}

export async function changeRecurrence(c: C, { params, body }: Input<typeof membershipsApi.changeRecurrence>) {
  const outcome = await setRecurrence(c.var, c.var.member.id, params.ssn, { enabled: true, sku: body.recurrence_sku });
  if (!outcome.ok) return refusal(c, outcome);
  return ok(c, membershipsApi.changeRecurrence, { _payload: outcome.value });
}

export async function stopRecurrence(c: C, { params, body }: Input<typeof membershipsApi.stopRecurrence>) {
  const outcome = await setRecurrence(c.var, c.var.member.id, params.ssn, { enabled: false, sku: body.recurrence_sku });
  if (!outcome.ok) return refusal(c, outcome);
  return ok(c, membershipsApi.stopRecurrence, { _payload: outcome.value });
}

export async function addCredit(c: C, { params, body }: Input<typeof membershipsApi.addCredit>) {
  const outcome = await pay(money(c), {
    memberId: c.var.member.id,
    ssn: params.ssn,
    purchase: { kind: 'credit', amountCents: body.amount_cents },
    paymentType: 'STORED_CARD',
  });
  if (!outcome.ok) return refusal(c, outcome);
  return ok(c, membershipsApi.addCredit, {
    _payload: { credit_cents: outcome.value.creditCents, payment: outcome.value.payment },
  });
}

export async function buyAddon(c: C, { params, body }: Input<typeof membershipsApi.buyAddon>) {
  const outcome = await pay(money(c), {
    memberId: c.var.member.id,
    ssn: params.ssn,
    purchase: { kind: 'addon', sku: body.sku },
    paymentType: body.payment_type,
  });
  if (!outcome.ok) return refusal(c, outcome);
  const { kind: _kind, ...addon } = outcome.value.applied as Extract<Applied, { kind: 'addon' }>;
  return ok(c, membershipsApi.buyAddon, { _payload: { addon, payment: outcome.value.payment } });
}
