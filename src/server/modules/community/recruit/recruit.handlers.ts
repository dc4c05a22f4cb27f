import type { Context } from 'hono';
import { recruitApi, recruitFailures } from '../../../../contract/recruit.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import { clientIp } from '../../../http/limiters.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
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
  return reply(c, recruitApi.simLimits, recruitFailures, await recruit.simLimits(c.var, c.var.member.id));
}

export async function affiliateInfo(
  c: C,
  { query }: Input<typeof recruitApi.affiliateInfo | typeof recruitApi.affiliateInfoMember>,
) {
  return reply(c, recruitApi.affiliateInfo, recruitFailures, await recruit.affiliateInfo(c.var, query.affiliateId));
}

/** The same read for a signed-in member (their own id in the path): one answer. */
export const affiliateInfoMember = affiliateInfo;

export async function sendFreeSim(c: C, { body }: Input<typeof recruitApi.sendFreeSim>) {
  // The spec's form carries user_id: it must be the signed-in member's.
  if (body.user_id !== String(c.var.member.id)) return fail(c, recruitFailures.notYou);
  return reply(c, recruitApi.sendFreeSim, recruitFailures, await recruit.sendFreeSim(c.var, c.var.member.id, body));
}

export async function matesRates(c: C, { body }: Input<typeof recruitApi.matesRates>) {
  // docs/product/production.md: the mates-rates ip is the one client address (through trusted proxies) every use reads;
  // the browser's ugi value only where this request shows none.
  const seen = clientIp(c);
  return reply(
    c,
    recruitApi.matesRates,
    recruitFailures,
    await recruit.matesRates(c.var, c.var.member.id, body, seen !== 'unknown' ? seen : (body.ip ?? seen)),
  );
}
