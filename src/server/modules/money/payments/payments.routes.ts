import { paymentsApi } from '../../../../contract/payments.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { sameOrigin } from '../../../middleware/origin.ts';
import * as handle from './payments.handlers.ts';

/** Card payments: checkouts for the hosted widget, their results, the stored card, error reports. */
export function paymentsRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  app.use('/panda/public/checkouts/*', limitBy(windowMs, 300, byIp('checkouts')));
  app.use(patternOf(paymentsApi.reportError), sameOrigin, limitBy(windowMs, 60, byIp('payment-error')));
  serveAll(app, paymentsApi, handle);
  return app;
}
