import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import { MemoryStore, rateLimiter } from 'hono-rate-limiter';
import { messages } from '../../contract/messages.ts';
import { fail } from './answers.ts';
import type { AppEnv } from './router.ts';

/** The socket's peer address (the proxy's, behind one); undefined where there is no socket (tests). */
export function peerAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined;
  }
}

/** The client's address: through trusted proxies (http/proxy.ts), the one address every use reads. */
export function clientIp(c: Context): string {
  return (c.var as Partial<AppEnv['Variables']>).client?.ip ?? peerAddress(c) ?? 'unknown';
}

/** An e-mail field of the body (JSON or form), for rate-limit keys; the route validates it properly. */
export async function emailField(c: Context, field: 'username' | 'email'): Promise<string> {
  try {
    const type = c.req.header('content-type') ?? '';
    const body = type.includes('application/json') ? await c.req.json() : await c.req.parseBody();
    const value = (body as Record<string, unknown>)[field];
    return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
  } catch {
    // Hono keeps the failed parse in its body cache, where the route's validator would await it
    // outside its own try (a 500 for a malformed multipart body): forget it, so the validator
    // parses again and answers 400.
    delete c.req.bodyCache.formData;
    return '';
  }
}

const tooMany = (c: Context) => fail(c, 429, messages.tooManyRequests);

/**
 * hono-rate-limiter's memory store answers its live counter object, which the limiter reads only
 * after an await: requests arriving together all read the final count, so a burst of 20 under a
 * limit of 10 refused all 20 (found by the concurrency suite). This store answers the count as it
 * was at this request's own increment.
 */
export class SnapshotMemoryStore extends MemoryStore<AppEnv> {
  override increment(key: string) {
    const { totalHits, resetTime } = super.increment(key);
    return { totalHits, ...(resetTime ? { resetTime: new Date(resetTime.getTime()) } : {}) };
  }
}

/** A rate limit keyed by what `key` returns (an address, an account, an e-mail). */
export function limitBy(windowMs: number, limit: number, key: (c: Context<AppEnv>) => string | Promise<string>, onlyFailures = false) {
  return rateLimiter<AppEnv>({ windowMs, limit, standardHeaders: 'draft-6', skipSuccessfulRequests: onlyFailures, keyGenerator: key, handler: tooMany, store: new SnapshotMemoryStore() });
}

export const byIp = (prefix: string) => (c: Context<AppEnv>) => `${prefix}:ip:${clientIp(c)}`;
/** Per member of the path's {user_id} (the session guard has checked it is the caller). */
export const byMember = (prefix: string) => (c: Context<AppEnv>) => `${prefix}:${c.req.param('user_id') ?? ''}`;
