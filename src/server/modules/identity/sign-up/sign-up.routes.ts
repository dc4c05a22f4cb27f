import { signUpApi } from '../../../../contract/sign-up.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { emailState, sendVerification, signUp, verifyEmail } from './sign-up.handlers.ts';

/** Sign-up and e-mail verification. */
export function signUpRoutes(config: AppConfig) {
  const app = router();
  const { windowMs } = config.rateLimit;
  app.use(patternOf(signUpApi.signUp), limitBy(windowMs, 20, byIp('signup')));
  const perMember = limitBy(windowMs, 10, byMember('verify'));
  app.use(patternOf(signUpApi.sendVerification), perMember);
  app.use('/panda/protected/users/:user_id/email/verify/*', perMember);

  serve(app, signUpApi.signUp, signUp);
  serve(app, signUpApi.sendVerification, sendVerification);
  serve(app, signUpApi.verifyEmail, verifyEmail);
  serve(app, signUpApi.emailState, emailState);
  return app;
}
