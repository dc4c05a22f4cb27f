import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { referralsApi, referralsFailures } from '../../../../contract/referrals.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import * as service from './referrals.service.ts';

type C = Context<AppEnv>;
type Refusal = { ok: false; reason: string; detail?: Record<string, number | string> };

/**
 * A refusal: ours from the failure table; the referral service's passed on as it answered (spec
 * section 8, "Referral errors are passed to the caller"), a server-side failure of it as 503.
 */
const refusal = (c: C) => (outcome: Refusal) => {
  if (outcome.reason === 'service') {
    const status = Number(outcome.detail?.['status'] ?? 503);
    const message = String(outcome.detail?.['message'] ?? referralsFailures.serviceDown.message);
    c.var.log.warn({ status, message }, 'the referral service refused');
    return status >= 500
      ? fail(c, referralsFailures.serviceDown)
      : fail(c, {
          ...referralsFailures.serviceRefused,
          status: (status >= 400 ? status : 422) as ContentfulStatusCode,
          message,
        });
  }
  return fail(c, referralsFailures[outcome.reason as keyof typeof referralsFailures]);
};

export async function list(c: C) {
  return ok(c, referralsApi.list, { _payload: await service.list(c.var, c.var.member.id) });
}

export async function refer(c: C, { body }: Input<typeof referralsApi.refer>) {
  return reply(c, referralsApi.refer, refusal(c), await service.refer(c.var, c.var.member.id, body));
}

export async function recordOrder(c: C, { body }: Input<typeof referralsApi.recordOrder>) {
  if (body.user_id !== String(c.var.member.id)) return fail(c, referralsFailures.notYou);
  return reply(
    c,
    referralsApi.recordOrder,
    refusal(c),
    await service.recordOrder(c.var, c.var.member.id, body.sim_order),
  );
}

export async function reconcile(c: C, { params, body }: Input<typeof referralsApi.reconcile>) {
  return reply(
    c,
    referralsApi.reconcile,
    refusal(c),
    await service.reconcile(c.var, c.var.member.id, params.order, body.status),
  );
}

export async function publicRead(c: C, { params }: Input<typeof referralsApi.publicRead>) {
  return reply(c, referralsApi.publicRead, refusal(c), await service.publicRead(c.var, Number(params.user_id)));
}
