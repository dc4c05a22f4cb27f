import { recruitApi } from '../../../../contract/recruit.schema.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { requireOwnAccount, requireSession } from '../../identity/index.ts';
import * as handle from './recruit.handlers.ts';

/**
 * Recruit and reward, mates rates. Two calls of the spec sit under /panda/public/ but need the
 * session (sim-limits and the send-free-SIM order): they get it here, as protected paths do.
 */
export function recruitRoutes() {
  const app = router();
  app.use(patternOf(recruitApi.simLimits), requireSession, requireOwnAccount);
  app.on('POST', patternOf(recruitApi.sendFreeSim), requireSession);
  serveAll(app, recruitApi, handle);
  return app;
}
