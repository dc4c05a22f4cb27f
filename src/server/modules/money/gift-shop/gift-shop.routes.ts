import { giftShopApi } from '../../../../contract/gift-shop.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './gift-shop.handlers.ts';

/** The gift shop: number checks (rate-limited: they must not become a way to test numbers), gift checkouts. */
export function giftShopRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  app.use(patternOf(giftShopApi.check), limitBy(windowMs, 30, byIp('gift-check')));
  app.use(patternOf(giftShopApi.order), limitBy(windowMs, 20, byIp('gift-order')));
  serveAll(app, giftShopApi, handle);
  return app;
}
