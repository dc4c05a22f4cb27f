import { onboardingApi } from '../../../../contract/onboarding.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { activateSim, captcha } from './onboarding.handlers.ts';

/** The captcha offer and SIM activation. */
export function onboardingRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  app.use(patternOf(onboardingApi.captcha), limitBy(windowMs, 120, byIp('captcha')));
  app.use(patternOf(onboardingApi.activateSim), limitBy(windowMs, 20, byMember('activate')));
  serve(app, onboardingApi.captcha, captcha);
  serve(app, onboardingApi.activateSim, activateSim);
  return app;
}
