import { cmsApi } from '../../../../contract/cms.schema.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { publish, rebuild, signedBySanity, status, statusPage } from './cms.handlers.ts';

export function cmsRoutes() {
  const app = router();
  app.use(patternOf(cmsApi.publish), signedBySanity);
  serve(app, cmsApi.publish, publish);
  serve(app, cmsApi.rebuild, rebuild);
  serve(app, cmsApi.status, status);
  app.get('/cms/status', statusPage);
  return app;
}
