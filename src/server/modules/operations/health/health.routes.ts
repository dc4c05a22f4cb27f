import { healthApi } from '../../../../contract/health.schema.ts';
import { serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { health, ready } from './health.handlers.ts';

export function healthRoutes() {
  const app = router();
  serve(app, healthApi.health, health);
  serve(app, healthApi.ready, ready);
  return app;
}
