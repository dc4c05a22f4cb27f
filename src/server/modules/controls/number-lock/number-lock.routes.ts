import { numberLockApi } from '../../../../contract/number-lock.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './number-lock.handlers.ts';

/** Settings → Security's number lock (docs/product/member-controls.md), and the changes of SIM asked for under it. */
export function numberLockRoutes(config: AppConfig) {
  const app = router();
  // Each ask mails a code: a few a window per member, as a change of SIM has (a cancel, on the same
  // path, is never limited: stopping a change is always allowed).
  app.on('POST', patternOf(numberLockApi.ask), limitBy(config.rateLimit.windowMs, 10, byMember('locked-change')));
  serveAll(app, numberLockApi, handle);
  return app;
}
