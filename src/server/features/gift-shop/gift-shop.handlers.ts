import type { Context } from 'hono';
import { giftShopApi, giftShopFailures } from '../../../contract/gift-shop.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { giftOffers, orderGift, recipient } from './gift-shop.service.ts';

type C = Context<AppEnv>;

export const offers = async (c: C) => ok(c, giftShopApi.offers, { _payload: await giftOffers(c.var) });

export async function check(c: C, { body }: Input<typeof giftShopApi.check>) {
  const outcome = await recipient(c.var, body.msisdn, body.gift);
  if (!outcome.ok) return fail(c, giftShopFailures[outcome.reason]);
  return ok(c, giftShopApi.check, { _payload: { ok: true } });
}

export async function order(c: C, { body }: Input<typeof giftShopApi.order>) {
  const outcome = await orderGift({ db: c.var.db, clock: c.var.clock, payments: c.var.payments }, body);
  if (!outcome.ok) return fail(c, giftShopFailures[outcome.reason]);
  return ok(c, giftShopApi.order, { _payload: outcome.value });
}
