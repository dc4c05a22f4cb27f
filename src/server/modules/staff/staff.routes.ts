import { staffAccessApi, staffApi } from '../../../contract/staff.schema.ts';
import { serve, serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { staffHandlers, whoOpened } from './staff.handlers.ts';

/** The staff console's API (a staff session on every call, each endpoint's permission checked) and the member's view of it. */
export function staffRoutes() {
  const app = router();
  serveAll(app, staffApi, staffHandlers);
  serve(app, staffAccessApi.whoOpened, whoOpened);
  return app;
}
