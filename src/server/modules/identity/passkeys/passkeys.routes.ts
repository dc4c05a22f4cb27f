import { passkeysApi } from '../../../../contract/passkeys.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, byMember, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import * as handle from './passkeys.handlers.ts';

/** Passkeys (docs/product/phone.md): added, listed and removed in settings → security; a sign-in on /log-in. */
export function passkeysRoutes(config: AppConfig) {
  const app = router();
  const { windowMs, loginPerIp } = config.rateLimit;
  // A sign-in attempt is a log-in attempt: the same limit per address. Options make a database row each.
  const perIp = limitBy(windowMs, loginPerIp, byIp('passkey'));
  app.use(patternOf(passkeysApi.signInOptions), perIp);
  app.use(patternOf(passkeysApi.signIn), perIp);
  // Adding starts with a password or a code: a few tries a window per member, as for the codes themselves.
  app.use(patternOf(passkeysApi.registrationOptions), limitBy(windowMs, 20, byMember('passkey-add')));
  serveAll(app, passkeysApi, handle);
  return app;
}
