import { creditBackApi } from '../../../../contract/port-out-credit.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './credit-back.handlers.ts';

/** Credit back after a number moved to another network (docs/product/money.md): its status, and asking for it (money: Idempotency-Key). */
export function creditBackRoutes() {
  const app = router();
  serveAll(app, creditBackApi, handle);
  return app;
}
