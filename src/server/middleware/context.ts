import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { Logger } from 'pino';
import { peerAddress } from '../http/limiters.ts';
import { clientView, trustOf } from '../http/proxy.ts';
import type { AppEnv } from '../http/router.ts';
import type { Metrics } from '../metrics.ts';

/**
 * A path or URL as logs and error reports keep it: an e-mail address in it (a path such as
 * /authentication-removed/{email}, plain or percent-encoded) is written as [email].
 */
export const withoutAddresses = (path: string) => path.replace(/[^/?&=#]*(?:@|%40)[^/?&#]*/gi, '[email]');

/**
 * Every request's context, set first: how the client is seen (through trusted proxies), the app's
 * database, clock, configuration and adapters on c.var, a request id on the answer and in its log
 * lines; then one access-log line and the request's metrics, without an address in the path.
 */
export function requestContext({
  trustProxy,
  logger,
  metrics,
  variables,
}: {
  trustProxy: string[];
  logger: Logger;
  metrics: Metrics | undefined;
  variables: Partial<AppEnv['Variables']>;
}): MiddlewareHandler<AppEnv> {
  const trust = trustOf(trustProxy);
  const trusting = trustProxy.length > 0;
  const entries = Object.entries(variables) as [keyof AppEnv['Variables'], unknown][];
  return async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    const url = new URL(c.req.url);
    // Only the forwarded headers are read, and only when a proxy is trusted (every request passes here).
    const forwarded = trusting
      ? {
          'x-forwarded-for': c.req.header('x-forwarded-for'),
          'x-forwarded-proto': c.req.header('x-forwarded-proto'),
          'x-forwarded-host': c.req.header('x-forwarded-host'),
        }
      : {};
    c.set(
      'client',
      clientView(
        peerAddress(c),
        forwarded,
        { proto: url.protocol === 'https:' ? 'https' : 'http', host: url.host },
        trust,
      ),
    );
    for (const [name, value] of entries) c.set(name, value as never);
    c.set('requestId', requestId);
    // A member's call names its transaction (spec section 6): bound here, with the request id, so a
    // protected call does not make a second logger once its session is proven.
    const transaction = c.req.header('x-gg-transaction');
    c.set('log', logger.child(transaction && transaction.length <= 256 ? { requestId, transaction } : { requestId }));
    c.header('x-request-id', requestId);
    await next();
    const ms = performance.now() - started;
    // The pattern of the route that answered (Hono's, e.g. /panda/protected/users/:user_id/segments).
    metrics?.request(c.req.method, routePath(c) || 'none', c.res.status, ms / 1000);
    // c.get, not c.var, on every call's path: Hono builds c.var anew from its map at each read.
    c.get('log').info(
      {
        method: c.req.method,
        path: withoutAddresses(c.req.path),
        status: c.res.status,
        ms: Math.round(ms),
        ip: c.get('client').ip,
      },
      'request',
    );
  };
}
