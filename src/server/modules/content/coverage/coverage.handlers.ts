import type { Context } from 'hono';
import { coverageApi, coverageFailures } from '../../../../contract/coverage.schema.ts';
import { fail, ok } from '../../../http/answers.ts';
import { clientIp } from '../../../http/limiters.ts';
import type { AppEnv } from '../../../http/router.ts';

type C = Context<AppEnv>;

/** Spec section 8: HTTP_ERROR and HTTP_TIMEOUT reach the browser as a message (and the code), never as a 500. */
export async function geolocation(c: C) {
  const outcome = await c.var.geolocation.lookup(clientIp(c), c.var.config.siteUrl);
  // A sandbox's answer (or failure) is marked, so the page can say it is not the real service.
  const sandbox = 'sandbox' in c.var.geolocation ? { sandbox: true } : {};
  if (!outcome.ok) {
    c.var.log.warn({ code: outcome.code }, 'geolocation lookup failed');
    return fail(c, coverageFailures[outcome.code], sandbox);
  }
  return ok(c, coverageApi.geolocation, { _payload: { ...outcome.value, ...sandbox } });
}
