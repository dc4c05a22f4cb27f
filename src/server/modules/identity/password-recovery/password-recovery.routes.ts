import { passwordRecoveryApi } from '../../../../contract/password-recovery.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, emailField, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { canReset, requestReset, setPassword } from './password-recovery.handlers.ts';

/** Password recovery. The answers never say whether an address has an account. */
export function passwordRecoveryRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  const perIp = limitBy(windowMs, 10, byIp('recovery'));
  app.use('/panda/public/users/authentication-removed/*', perIp);
  // In Hono, /password-recovery/* matches /password-recovery too: one registration, one count.
  app.use('/panda/public/users/password-recovery/*', perIp);
  // Per account as well, so nobody can flood one member's inbox.
  app.use(
    patternOf(passwordRecoveryApi.requestReset),
    limitBy(windowMs, 5, async (c) => `recovery:email:${await emailField(c, 'email')}`),
  );

  serve(app, passwordRecoveryApi.canReset, canReset);
  serve(app, passwordRecoveryApi.requestReset, requestReset);
  serve(app, passwordRecoveryApi.setPassword, setPassword);
  return app;
}
