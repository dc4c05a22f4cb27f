import type { Context } from 'hono';
import { giftShopApi, giftShopFailures } from '../../../../contract/gift-shop.schema.ts';
import { languageOf, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { giftOffers, orderGift, recipient } from './gift-shop.service.ts';

type C = Context<AppEnv>;

export const offers = async (c: C) => ok(c, giftShopApi.offers, { _payload: await giftOffers(c.var) });

export async function check(c: C, { body }: Input<typeof giftShopApi.check>) {
  return reply(c, giftShopApi.check, giftShopFailures, await recipient(c.var, body.msisdn, body.gift), () => ({
    _payload: { ok: true as const },
  }));
}

export async function order(c: C, { body }: Input<typeof giftShopApi.order>) {
  return reply(
    c,
    giftShopApi.order,
    giftShopFailures,
    await orderGift(
      { db: c.var.db, clock: c.var.clock, payments: c.var.payments },
      { ...body, language: body.language ?? languageOf(c) },
    ),
  );
}
