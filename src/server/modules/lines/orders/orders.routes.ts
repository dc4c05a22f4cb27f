import { ordersApi } from '../../../../contract/orders.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { list, orderFreeSim } from './orders.handlers.ts';

/** Free-SIM orders and the member's orders. */
export function ordersRoutes(config: AppConfig) {
  const app = router();
  app.use(patternOf(ordersApi.orderFreeSim), limitBy(config.rateLimit.windowMs, 10, byMember('free-sim')));
  serve(app, ordersApi.orderFreeSim, orderFreeSim);
  serve(app, ordersApi.list, list);
  return app;
}
