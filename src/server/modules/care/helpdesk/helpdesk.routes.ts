import { helpdeskApi } from '../../../../contract/helpdesk.schema.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { event, signedByDesk, sso } from './helpdesk.handlers.ts';

/** Single sign-on to the help desk, and its webhook for agents' steps (signed, checked before the body is parsed). */
export function helpdeskRoutes() {
  const app = router();
  serve(app, helpdeskApi.sso, sso);
  app.use(patternOf(helpdeskApi.event), signedByDesk);
  serve(app, helpdeskApi.event, event);
  return app;
}
