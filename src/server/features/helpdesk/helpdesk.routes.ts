import { helpdeskApi } from '../../../contract/helpdesk.schema.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { sso } from './helpdesk.handlers.ts';

/** Single sign-on to the help desk. */
export function helpdeskRoutes() {
  const app = router();
  serve(app, helpdeskApi.sso, sso);
  return app;
}
