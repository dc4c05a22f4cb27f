import { settingsApi } from '../../../../contract/settings.schema.ts';
import { serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './settings.handlers.ts';

/** My details, marketing permissions, how we contact you, password. */
export function settingsRoutes() {
  const app = router();
  serveAll(app, settingsApi, handle);
  return app;
}
