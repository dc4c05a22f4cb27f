import { simSettingsApi } from '../../../../contract/sim-settings.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './sim-settings.handlers.ts';

/** Settings that change the SIM: move your number (port-in), a replacement SIM, change my SIM. */
export function simSettingsRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  app.use(patternOf(simSettingsApi.reorderSim), limitBy(windowMs, 10, byMember('reorder')));
  app.use(patternOf(simSettingsApi.changeSim), limitBy(windowMs, 10, byMember('change-sim')));
  app.use(patternOf(simSettingsApi.changeToEsim), limitBy(windowMs, 10, byMember('esim')));
  serveAll(app, simSettingsApi, handle);
  return app;
}
