import { membershipsApi } from '../../../../contract/memberships.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './memberships.handlers.ts';

/** Memberships, auto-renew, credit and add-ons (docs/product/money.md); every call that moves money takes an Idempotency-Key. */
export function membershipsRoutes() {
  const app = router();
  serveAll(app, membershipsApi, handle);
  return app;
}
