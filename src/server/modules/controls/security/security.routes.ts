import { securityApi } from '../../../../contract/security.schema.ts';
import { stepUpApi } from '../../../../contract/step-up.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './security.handlers.ts';

/** Settings → security (docs/product/member-controls.md): step-up codes, the spend limit, lost or stolen SIM, the e-mail address. */
export function securityRoutes(config: AppConfig) {
  const app = router();
  // Codes go by e-mail: a few a window per member is plenty, and it keeps the mailbox from being flooded.
  app.use(patternOf(stepUpApi.requestCode), limitBy(config.rateLimit.windowMs, 10, byMember('step-up')));
  serve(app, stepUpApi.requestCode, handle.requestCode);
  serve(app, securityApi.spendLimit, handle.spendLimit);
  serve(app, securityApi.setSpendLimit, handle.setSpendLimit);
  serve(app, securityApi.blockSim, handle.blockSim);
  serve(app, securityApi.unblockSim, handle.unblockSim);
  // A 6-digit code is guessed in a million tries: a few a window per member.
  app.use(patternOf(securityApi.confirmEmail), limitBy(config.rateLimit.windowMs, 10, byMember('confirm-email')));
  serve(app, securityApi.changeEmail, handle.changeEmail);
  serve(app, securityApi.emailChange, handle.emailChange);
  serve(app, securityApi.confirmEmail, handle.confirmEmail);
  return app;
}
