import { createMiddleware } from 'hono/factory';
import { fail } from '../http/answers.ts';
import type { AppEnv } from '../http/router.ts';
import { requestFailures } from '../../contract/common-failures.ts';

/**
 * A request that says where it comes from must come from this site (as the client reached it,
 * through trusted proxies, or the public SITE_URL) or an allowed origin.
 */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header('origin');
  if (!origin) return next();
  const config = c.get('config');
  if (
    origin !== c.get('client').origin &&
    origin !== new URL(config.siteUrl).origin &&
    !config.allowedOrigins.includes(origin)
  ) {
    return fail(c, requestFailures.otherOrigin);
  }
  return next();
});
