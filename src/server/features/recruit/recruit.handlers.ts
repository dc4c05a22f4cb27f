import type { Context } from 'hono';
import { recruitApi, recruitFailures } from '../../../contract/recruit.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import { clientIp } from '../../http/limiters.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import * as recruit from './recruit.service.ts';

type C = Context<AppEnv>;

export async function affiliateId(c: C) {
  return ok(c, recruitApi.affiliateId, {
    _payload: { affiliateId: await recruit.affiliateIdOf(c.var.db, c.var.member.id) },
  });
}

export async function kickbackCredit(c: C) {
  return ok(c, recruitApi.kickbackCredit, { _payload: await recruit.kickbackCredit(c.var, c.var.member.id) });
}

export async function simLimits(c: C) {
  const outcome = await recruit.simLimits(c.var, c.var.member.id);
  if (!outcome.ok) return fail(c, recruitFailures[outcome.reason]);
  return ok(c, recruitApi.simLimits, { _payload: outcome.value });
}

export async function affiliateInfo(
  c: C,
  { query }: Input<typeof recruitApi.affiliateInfo | typeof recruitApi.affiliateInfoMember>,
) {
  const outcome = await recruit.affiliateInfo(c.var, query.affiliateId);
  if (!outcome.ok) return fail(c, recruitFailures[outcome.reason]);
  return ok(c, recruitApi.affiliateInfo, { _payload: outcome.value });
}

export async function sendFreeSim(c: C, { body }: Input<typeof recruitApi.sendFreeSim>) {
  // The spec's form carries user_id: it must be the signed-in member's.
  if (body.user_id !== String(c.var.member.id)) return fail(c, recruitFailures.notYou);
  const outcome = await recruit.sendFreeSim(c.var, c.var.member.id, body);
  if (!outcome.ok) return fail(c, recruitFailures[outcome.reason]);
  return ok(c, recruitApi.sendFreeSim, { _payload: outcome.value });
}

export async function matesRates(c: C, { body }: Input<typeof recruitApi.matesRates>) {
  // docs/product/production.md: the mates-rates ip is the one client address (through trusted proxies) every use reads;
  // the browser's ugi value only where this request shows none.
  const seen = clientIp(c);
  const outcome = await recruit.matesRates(c.var, c.var.member.id, body, seen !== 'unknown' ? seen : (body.ip ?? seen));
  if (!outcome.ok) return fail(c, recruitFailures[outcome.reason]);
  return ok(c, recruitApi.matesRates, { _payload: outcome.value });
}
