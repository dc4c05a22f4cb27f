import { CONTACT_PER_WINDOW } from '../../../contract/contact.ts';
import { contactApi } from '../../../contract/contact.schema.ts';
import type { AppConfig } from '../../config.ts';
import { byIp, limitBy } from '../../http/limiters.ts';
import { patternOf, serve } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { send } from './contact.handlers.ts';

/** /contact-us: a message to the help desk, from a visitor or a member (the captcha for everyone). */
export function contactRoutes(config: AppConfig) {
  const app = router();
  app.use(patternOf(contactApi.send), limitBy(config.rateLimit.windowMs, CONTACT_PER_WINDOW, byIp('contact')));
  serve(app, contactApi.send, send);
  return app;
}
