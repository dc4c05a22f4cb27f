import { alertsApi } from '../../../contract/alerts.schema.ts';
import { serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import * as handle from './alerts.handlers.ts';

/** Settings → alerts: the switches and the alerts raised (the scheduled job raises them: modules/money/alerts.job.ts). */
export function alertsRoutes() {
  const app = router();
  serveAll(app, alertsApi, handle);
  return app;
}
