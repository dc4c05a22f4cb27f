import { createMiddleware } from 'hono/factory';
import { messages } from '../../contract/messages.ts';
import { fail } from '../http/answers.ts';
import type { AppEnv } from '../http/router.ts';

/** A request that says where it comes from must come from this site or an allowed origin. */
export const sameOrigin = createMiddleware<AppEnv>(async (c, next) => {
  const origin = c.req.header('origin');
  if (origin && origin !== new URL(c.req.url).origin && !c.var.config.allowedOrigins.includes(origin)) {
    return fail(c, 403, messages.forbiddenOrigin);
  }
  return next();
});
