import { accountApi } from '../../../contract/account.schema.ts';
import { serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './account.handlers.ts';

/** The account as the dashboard reads it. */
export function accountRoutes() {
  const app = router();
  serveAll(app, accountApi, handle);
  return app;
}
