import { flexiDataApi } from '../../../contract/flexi-data.schema.ts';
import { serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './flexi-data.handlers.ts';

/** Flexible data (docs/product/flexible-data.md); every call that moves data takes an Idempotency-Key, so a retry moves nothing twice. */
export function flexiDataRoutes() {
  const app = router();
  serveAll(app, flexiDataApi, handle);
  return app;
}
