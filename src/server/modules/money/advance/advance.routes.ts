import { advanceApi } from '../../../../contract/advance.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './advance.handlers.ts';

/** The top-up advance (docs/product/lifelines.md): eligibility and what is owed; taking one (money: Idempotency-Key). */
export function advanceRoutes() {
  const app = router();
  serveAll(app, advanceApi, handle);
  return app;
}
