import { bodyLimit } from 'hono/body-limit';
import { ATTACHMENT_MAX_BYTES, CONTACT_PER_WINDOW } from '../../../../contract/contact.ts';
import { contactApi, contactFailures } from '../../../../contract/contact.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { fail } from '../../../http/answers.ts';
import { byIp, limitBy } from '../../../http/limiters.ts';
import { patternOf, serve } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { identifySession } from '../../identity/index.ts';
import { send, upload } from './contact.handlers.ts';

/** Files a message may carry, per address in the window (three a message, a few messages). */
const UPLOADS_PER_WINDOW = 15;

/**
 * /contact-us: a message to the help desk, from a visitor or a signed-in member (the captcha for everyone),
 * and the files it carries, uploaded one by one first: at most 5 MB each (refused while it is read,
 * before it is all in memory), limited per address like the messages.
 */
export function contactRoutes(config: AppConfig) {
  const app = router();
  app.use(
    patternOf(contactApi.send),
    limitBy(config.rateLimit.windowMs, CONTACT_PER_WINDOW, byIp('contact')),
    identifySession,
  );
  app.use(
    patternOf(contactApi.upload),
    limitBy(config.rateLimit.windowMs, UPLOADS_PER_WINDOW, byIp('contact-upload')),
    bodyLimit({ maxSize: ATTACHMENT_MAX_BYTES, onError: (c) => fail(c, contactFailures.tooBig) }),
  );
  serve(app, contactApi.upload, upload);
  serve(app, contactApi.send, send);
  return app;
}
