import { getConnInfo } from '@hono/node-server/conninfo';
import { createHash } from 'node:crypto';
import { and, eq, gt, lte, sql } from 'drizzle-orm';
import type { Context, MiddlewareHandler } from 'hono';
import { MemoryStore, rateLimiter, type Store } from 'hono-rate-limiter';
import { isSharedDatabase, type Database } from '../db/client.ts';
import { rateLimits } from '../db/schema.ts';
import { fail } from './answers.ts';
import { mediaTypeOf } from './signed.ts';
import type { AppEnv } from './router.ts';
import { requestFailures } from '../../contract/common-failures.ts';

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

/** application/json or a structured JSON type (application/vnd.x+json), as the validators read them. */
export const isJsonType = (header: string | undefined) => /^application\/(?:[\w.-]+\+)?json$/.test(mediaTypeOf(header));

/** An e-mail field of the body (JSON or form), for rate-limit keys; the route validates it properly. */
export const emailField = (c: Context, field: 'username' | 'email') => bodyField(c, field);

/** A text field of the body (JSON or form), trimmed and lower-cased with spaces removed for a number, for rate-limit keys. */
export async function bodyField(c: Context, field: string): Promise<string> {
  try {
    // Any JSON type the route's validator takes (application/json, application/*+json) is read as JSON:
    // read as a form it came out empty, and every such request shared one bucket.
    const body = isJsonType(c.req.header('content-type')) ? await c.req.json() : await c.req.parseBody();
    const value = (body as Record<string, unknown>)[field];
    if (typeof value !== 'string') return '';
    const text = value.trim().toLowerCase().slice(0, 254);
    return /^[0-9 +()-]+$/.test(text) ? text.replace(/[^0-9+]/g, '') : text;
  } catch {
    // Hono keeps the failed parse in its body cache, where the route's validator would await it
    // outside its own try (a 500 for a malformed multipart body): forget it, so the validator
    // parses again and answers 400.
    delete c.req.bodyCache.formData;
    return '';
  }
}

const tooMany = (c: Context) => fail(c, requestFailures.tooMany);

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

/**
 * Counters in PostgreSQL, shared by every instance (docs/product/production.md): `increment` is one upsert that
 * starts a new window when the old one has ended and answers the count at this request's own
 * increment.
 */
export class DatabaseStore implements Store<AppEnv> {
  readonly localKeys = false;
  private windowMs = 60_000;
  db: Database | undefined;

  init(options: { windowMs: number }) {
    this.windowMs = options.windowMs;
  }

  /** The row's key: a digest, so any key (a path parameter with a NUL byte, a long address) fits a text column. */
  private id(key: string): string {
    return createHash('sha256').update(key).digest('base64url');
  }

  private get database(): Database {
    if (!this.db) throw new Error('DatabaseStore used before a database was bound');
    return this.db;
  }

  async increment(key: string) {
    // The instance's clock (as the limiter's own Retry-After reads it); instances keep theirs in step (NTP).
    const now = new Date();
    const reset = new Date(now.getTime() + this.windowMs);
    const [row] = await this.database
      .insert(rateLimits)
      .values({ key: this.id(key), hits: 1, resetAt: reset })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`case when ${rateLimits.resetAt} <= ${now} then 1 else ${rateLimits.hits} + 1 end`,
          resetAt: sql`case when ${rateLimits.resetAt} <= ${now} then ${reset}::timestamptz else ${rateLimits.resetAt} end`,
        },
      })
      .returning({ hits: rateLimits.hits, resetAt: rateLimits.resetAt });
    return { totalHits: row!.hits, resetTime: row!.resetAt };
  }

  async get(key: string) {
    const [row] = await this.database
      .select()
      .from(rateLimits)
      .where(and(eq(rateLimits.key, this.id(key)), gt(rateLimits.resetAt, new Date())));
    return row ? { totalHits: row.hits, resetTime: row.resetAt } : undefined;
  }

  async decrement(key: string) {
    await this.database
      .update(rateLimits)
      .set({ hits: sql`greatest(${rateLimits.hits} - 1, 0)` })
      .where(and(eq(rateLimits.key, this.id(key)), gt(rateLimits.resetAt, new Date())));
  }

  async resetKey(key: string) {
    await this.database.delete(rateLimits).where(eq(rateLimits.key, this.id(key)));
  }
}

/** Removes counters whose window has ended (the minute job): keys are addresses and e-mails, not kept longer than they count. */
export async function expireRateLimits({ db, clock }: { db: Database; clock: () => Date }): Promise<number> {
  return (await db.delete(rateLimits).where(lte(rateLimits.resetAt, clock())).returning({ key: rateLimits.key }))
    .length;
}

/**
 * A rate limit keyed by what `key` returns (an address, an account, an e-mail): counted in the
 * database on PostgreSQL (every instance shares it), in memory on the embedded database (one process).
 */
export function limitBy(
  windowMs: number,
  limit: number,
  key: (c: Context<AppEnv>) => string | Promise<string>,
  onlyFailures = false,
): MiddlewareHandler<AppEnv> {
  const options = {
    windowMs,
    limit,
    standardHeaders: 'draft-6',
    skipSuccessfulRequests: onlyFailures,
    keyGenerator: key,
    handler: tooMany,
  } as const;
  const shared = new DatabaseStore();
  const inDatabase = rateLimiter<AppEnv>({ ...options, store: shared });
  const inMemory = rateLimiter<AppEnv>({ ...options, store: new SnapshotMemoryStore() });
  return (c, next) => {
    if (!isSharedDatabase(c.var.db)) return inMemory(c, next);
    shared.db ??= c.var.db;
    return inDatabase(c, next);
  };
}

export const byIp = (prefix: string) => (c: Context<AppEnv>) => `${prefix}:ip:${addressKey(clientIp(c))}`;

/**
 * The part of an address a limit counts: an IPv4 address whole, an IPv6 client by its /64 (one
 * subscriber's network hands out any number of addresses in it, so counting each one would let a
 * single client through a limit as many times as it likes). An IPv4-mapped IPv6 address is the IPv4.
 */
export function addressKey(ip: string): string {
  if (!ip.includes(':')) return ip;
  const plain = ip
    .replace(/^\[|\]$/g, '')
    .split('%')[0]!
    .toLowerCase();
  const mapped = /^(?:(?:0{1,4}:){5}|::)ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(plain);
  if (mapped) return mapped[1]!;
  const [head = '', tail] = plain.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  // An embedded IPv4 tail counts as two groups (it is past the /64 either way).
  const groups =
    tail === undefined ? left : [...left, ...Array(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g || '0', 16) || 0).toString(16))
    .join(':')}::/64`;
}
/** Per member of the path's {user_id} (the session guard has checked it is the caller). */
export const byMember = (prefix: string) => (c: Context<AppEnv>) => `${prefix}:${c.req.param('user_id') ?? ''}`;

/**
 * Whether the captcha answer of a request is a person's, for this action, from this address
 * (the integration decides: the proof of work, or reCAPTCHA's score).
 */
export const personAnswered = (c: Context<AppEnv>, answer: string, action: string) =>
  c.var.captcha.verify(answer, { db: c.var.db, now: c.var.clock(), ip: clientIp(c), action });
