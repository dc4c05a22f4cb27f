import { membershipsApi } from '../../../contract/memberships.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './memberships.handlers.ts';

/** Memberships, auto-renew, credit and add-ons (docs/product/money.md); every call that moves money takes an Idempotency-Key. */
export function membershipsRoutes() {
  const app = router();
  serve(app, membershipsApi.allowed, handle.allowed);
  serve(app, membershipsApi.recurrence, handle.recurrence);
  serve(app, membershipsApi.changeRecurrence, handle.changeRecurrence);
  serve(app, membershipsApi.stopRecurrence, handle.stopRecurrence);
  serve(app, membershipsApi.addCredit, handle.addCredit);
  serve(app, membershipsApi.buyAddon, handle.buyAddon);
  return app;
}
