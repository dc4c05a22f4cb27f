import { lineChangesApi } from '../../../../contract/line-changes.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './line-changes.handlers.ts';

/** "This wasn't me" (docs/product/member-controls.md): the link from a line-change mail, public (the member may have no session left). */
export function lineChangesRoutes(config: AppConfig) {
  const app = router();
  // A link's token cannot be guessed; the limit only keeps the endpoint from being a load.
  for (const e of [lineChangesApi.change, lineChangesApi.report])
    app.use(patternOf(e), limitBy(config.rateLimit.windowMs, 30, byIp('this-wasnt-me')));
  serveAll(app, lineChangesApi, handle);
  return app;
}
