import { healthApi } from '../../../contract/health.ts';
import { serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { health } from './health.handlers.ts';

export function healthRoutes() {
  const app = router();
  serve(app, healthApi.health, health);
  return app;
}
