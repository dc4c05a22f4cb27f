import { authApi } from '../../../../contract/auth.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, emailField, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { dummyHash } from '../../../kernel/passwords.ts';
import { firstLoginDone, logIn, logOut, nickname } from './auth.handlers.ts';

/** Log-in (both paths of the spec), log-out, the first-login flag, a member's nickname. */
export function authRoutes(config: AppConfig) {
  const app = router();
  // Made now, so the first unknown e-mail is not slower than a wrong password.
  void dummyHash();
  const { windowMs, loginPerIp, loginFailuresPerAccount } = config.rateLimit;
  // Per address, every attempt counts; per account only failures, so one member's failures
  // never lock out another member, and a member who signs in is never slowed down.
  const perIp = limitBy(windowMs, loginPerIp, byIp('login'));
  const perAccount = limitBy(
    windowMs,
    loginFailuresPerAccount,
    async (c) => `login:account:${await emailField(c, 'username')}`,
    true,
  );
  app.use(patternOf(authApi.logIn), perIp, perAccount);
  app.use(patternOf(authApi.logInProtectedPath), perIp, perAccount);
  serve(app, authApi.logIn, logIn);
  serve(app, authApi.logInProtectedPath, logIn);
  serve(app, authApi.logOut, logOut);
  serve(app, authApi.firstLoginDone, firstLoginDone);
  serve(app, authApi.nickname, nickname);
  return app;
}
