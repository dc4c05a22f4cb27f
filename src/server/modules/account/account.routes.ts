import { accountApi } from '../../../contract/account.schema.ts';
import { usageApi } from '../../../contract/usage.schema.ts';
import { serve, serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './account.handlers.ts';

/** The account as the dashboard and the Usage screen read it. */
export function accountRoutes() {
  const app = router();
  serveAll(app, accountApi, handle);
  serve(app, usageApi.charts, handle.usageCharts);
  serve(app, usageApi.statement, handle.statement);
  return app;
}
