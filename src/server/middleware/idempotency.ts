import { createHash } from 'node:crypto';
import { and, eq, isNull, lt } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { isUniqueViolation, type Database } from '../db/client.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import type { Clock } from '../kernel/clock.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { fail } from '../http/answers.ts';
import type { AppEnv } from '../http/router.ts';
import { requestFailures } from '../../contract/common-failures.ts';

/** A request still "in progress" after this long was cut off (a crash, a kill): its key may be used again. */
export const IN_PROGRESS_EXPIRY_MS = 2 * 60_000;
/** Keys are kept a day (docs/product/production.md): a retry comes within minutes, a day covers a phone left offline. */
export const IDEMPOTENCY_KEEP_MS = 24 * 60 * 60_000;

/** Removes keys older than a day (the minute job). */
export async function expireIdempotencyKeys({ db, clock }: { db: Database; clock: Clock }): Promise<number> {
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(clock().getTime() - IDEMPOTENCY_KEEP_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

/**
 * Idempotency-Key on calls that move money (docs/product/money.md): the first request with a key is answered
 * and its answer kept; a repeat with the same key and the same request gets that answer again and
 * moves nothing; the same key with another request is 422. Keys belong to the signed-in member.
 * Without the header the call runs as usual (the browser always sends one).
 */
export const idempotent = createMiddleware<AppEnv>(async (c, next) => {
  const key = c.req.header('idempotency-key');
  if (key === undefined) return next();
  if (!/^[A-Za-z0-9_-]{8,128}$/.test(key)) return fail(c, requestFailures.badIdempotencyKey);
  const staff = c.get('staff');
  const scope = staff ? `staff:${staff.id}` : `member:${c.var.member.id}`;
  const body = await c.req.raw.clone().text();
  const requestHash = createHash('sha256')
    .update(`${c.req.method} ${new URL(c.req.url).pathname}${new URL(c.req.url).search}\n${body}`)
    .digest('hex');
  const db = c.var.db;
  // A key left held by a request the database failed under is ended first (the next contact).
  await endPending(db);
  // The hold is this request's own: its start time tells it from an earlier hold of the same key, so a
  // late ending of that earlier one (retried in the background) cannot free or answer this one.
  let heldSince = c.var.clock();
  try {
    await db.insert(idempotencyKeys).values({ scope, key, requestHash, createdAt: heldSince });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const [first] = await db
      .select()
      .from(idempotencyKeys)
      .where(and(eq(idempotencyKeys.scope, scope), eq(idempotencyKeys.key, key)));
    if (!first || first.requestHash !== requestHash) return fail(c, requestFailures.idempotencyKeyReused);
    if (first.status === null) {
      // Left in progress by a server that stopped mid-request (docs/product/production.md): after its expiry a retry runs
      // again, taking the key over with one conditional update so two retries at once do not both run.
      const now = c.var.clock();
      heldSince = now;
      const expired = now.getTime() - first.createdAt.getTime() >= IN_PROGRESS_EXPIRY_MS;
      const taken = expired
        ? await db
            .update(idempotencyKeys)
            .set({ createdAt: now })
            .where(
              and(
                eq(idempotencyKeys.scope, scope),
                eq(idempotencyKeys.key, key),
                isNull(idempotencyKeys.status),
                eq(idempotencyKeys.createdAt, first.createdAt),
              ),
            )
            .returning({ key: idempotencyKeys.key })
        : [];
      if (taken.length === 0) return fail(c, requestFailures.inProgress);
    } else {
      c.header('idempotent-replayed', 'true');
      return c.body(first.body ?? '', first.status as ContentfulStatusCode, { 'content-type': 'application/json' });
    }
  }
  await next();
  const held = and(
    eq(idempotencyKeys.scope, scope),
    eq(idempotencyKeys.key, key),
    isNull(idempotencyKeys.status),
    eq(idempotencyKeys.createdAt, heldSince),
  );
  // A server error is not an answer to keep: the key is freed so the member can try again.
  const status = c.res.status;
  const answer = status >= 500 ? undefined : await c.res.clone().text();
  const end = (q: Database) =>
    answer === undefined
      ? q.delete(idempotencyKeys).where(held)
      : q.update(idempotencyKeys).set({ status, body: answer }).where(held);
  try {
    await end(db);
  } catch (error) {
    // The database went away under this request: the key is ended as soon as it is back, not left
    // "in progress" (holding the member's payment) until its expiry.
    if (!isDatabaseUnavailable(error)) throw error;
    remember(db, `${scope}\n${key}`, end);
  }
});

/** Key endings (a freed key, or an answer to keep) the database could not take when it went away, by database. */
const pendingEnds = new WeakMap<Database, Map<string, (q: Database) => Promise<unknown>>>();
const RETRY_MS = 1_000;

function remember(db: Database, id: string, end: (q: Database) => Promise<unknown>) {
  let pending = pendingEnds.get(db);
  if (!pending) pendingEnds.set(db, (pending = new Map()));
  pending.set(id, end);
  const retry = () =>
    void endPending(db).then(() => {
      if (pendingEnds.get(db)?.size) setTimeout(retry, RETRY_MS).unref();
    });
  if (pending.size === 1) setTimeout(retry, RETRY_MS).unref();
}

/** Ends the keys held by requests the database failed under; stops at the first that still cannot be written. */
function endPending(db: Database): Promise<void> {
  // One pass at a time per database: the background retry and a request share it.
  const running = endingPasses.get(db);
  if (running) return running;
  const pass = endEach(db).finally(() => endingPasses.delete(db));
  endingPasses.set(db, pass);
  return pass;
}
const endingPasses = new WeakMap<Database, Promise<void>>();

async function endEach(db: Database): Promise<void> {
  const pending = pendingEnds.get(db);
  if (!pending?.size) return;
  for (const [id, end] of pending) {
    try {
      await end(db);
      pending.delete(id);
    } catch {
      return;
    }
  }
}
