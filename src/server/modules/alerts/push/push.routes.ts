import { pushApi } from '../../../../contract/push.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './push.handlers.ts';

/** Notifications on this device (docs/product/phone.md): the switch's subscription and the test button. */
export function pushRoutes(config: AppConfig) {
  const app = router();
  // A test sends to outside services: a few a window per member.
  app.use(patternOf(pushApi.test), limitBy(config.rateLimit.windowMs, 10, byMember('push-test')));
  app.use(patternOf(pushApi.subscribe), limitBy(config.rateLimit.windowMs, 30, byMember('push-subscribe')));
  serveAll(app, pushApi, handle);
  return app;
}
