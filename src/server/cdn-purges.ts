import { and, count, desc, eq, isNull, lte, max, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { cdnPurges, siteInstances } from './db/schema.ts';
import { MISSING_KEY, pageKey, SITE_KEY } from './http/cache-policy.ts';
import { PurgeFailed, type CdnAdapter } from './integrations/cdn/index.ts';
import { INSTANCE_SEEN_S } from './release.ts';
import type { ServiceContext } from './kernel/outcome.ts';

/** Past this many changed files, the release purges the whole site's key instead of one key each. */
export const MAX_PAGE_KEYS = 200;
/** How long a purge waits for every instance to serve its build, at most (one that is stuck does not hold it for ever). */
export const WAIT_FOR_INSTANCES_S = 60;
/** How long one try may take before another instance may take the purge over. */
const CLAIM_S = 60;
/** Backoff between tries: 5 s, 10 s, 20 s … at most 10 minutes. */
export const backoffMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 600_000);

/**
 * The keys to purge after `next` replaces `previous`: each file that changed, appeared (a cached
 * "no such page" for it is purged with the missing key) or went. Hashed bundles are never purged
 * (their names change with their content). Many changes (a layout edit touches every page): the
 * site's key, one purge for all.
 */
type Files = { files: ReadonlyMap<string, { etag: string }> };
export function changedKeys(previous: Files, next: Files): string[] {
  const keys = new Set<string>();
  let added = false;
  for (const [path, file] of next.files) {
    if (path.startsWith('/_astro/')) continue;
    const before = previous.files.get(path);
    if (!before) added = true;
    if (!before || before.etag !== file.etag) keys.add(pageKey(path));
  }
  for (const path of previous.files.keys())
    if (!path.startsWith('/_astro/') && !next.files.has(path)) keys.add(pageKey(path));
  if (keys.size > MAX_PAGE_KEYS) return [SITE_KEY];
  return [...keys, ...(added ? [MISSING_KEY] : [])];
}

/**
 * One turn of the purge queue (every instance's follower beat, ADR 036): takes the oldest purge that
 * is due and whose build every running instance serves (or that waited WAIT_FOR_INSTANCES_S), so the
 * CDN does not fetch an old page again from an instance that has not swapped yet; claims it (two
 * instances never send the same purge at once), sends it, and records the result. A refusal waits
 * for the CDN's Retry-After or the backoff. Returns what was done.
 */
export async function runPurges(
  { db, clock }: ServiceContext,
  cdn: CdnAdapter,
  log: Logger,
): Promise<'idle' | 'purged' | 'failed'> {
  const now = clock();
  const seenSince = new Date(now.getTime() - INSTANCE_SEEN_S * 1000);
  const waitedSince = new Date(now.getTime() - WAIT_FOR_INSTANCES_S * 1000);
  const [claimed] = await db
    .update(cdnPurges)
    .set({ nextAt: new Date(now.getTime() + CLAIM_S * 1000), attempts: sql`${cdnPurges.attempts} + 1` })
    .where(
      eq(
        cdnPurges.id,
        sql`(select p.id from ${cdnPurges} p
              where p.done_at is null and p.next_at <= ${now}
                and (p.created_at <= ${waitedSince} or not exists (
                  select 1 from ${siteInstances} i where i.seen_at > ${seenSince} and i.build <> p.build))
              order by p.id limit 1 for update skip locked)`,
      ),
    )
    .returning();
  if (!claimed) return 'idle';
  const started = performance.now();
  try {
    await cdn.purge({ keys: claimed.keys });
    await db.update(cdnPurges).set({ doneAt: clock(), lastError: null }).where(eq(cdnPurges.id, claimed.id));
    log.info(
      { cdn: cdn.name, build: claimed.build, keys: claimed.keys.length, ms: Math.round(performance.now() - started) },
      'cdn purge done',
    );
    return 'purged';
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const wait = Math.max(error instanceof PurgeFailed ? (error.retryAfterMs ?? 0) : 0, backoffMs(claimed.attempts));
    await db
      .update(cdnPurges)
      .set({ lastError: message.slice(0, 500), nextAt: new Date(clock().getTime() + wait) })
      .where(eq(cdnPurges.id, claimed.id));
    log.warn(
      { cdn: cdn.name, build: claimed.build, attempts: claimed.attempts, retryInMs: wait, err: message },
      'cdn purge failed; it will be tried again',
    );
    return 'failed';
  }
}

/** What /panda/ready says of the purges: none waiting, waiting (a release just made), or retrying after a failure. */
export async function purgeState({ db }: Pick<ServiceContext, 'db'>): Promise<{
  purges: 'ok' | 'waiting' | 'retrying';
  pending: number;
  last_error?: string;
}> {
  const [pending] = await db
    .select({ n: count(), attempts: max(cdnPurges.attempts) })
    .from(cdnPurges)
    .where(isNull(cdnPurges.doneAt));
  if (!pending || pending.n === 0) return { purges: 'ok', pending: 0 };
  const [failing] = await db
    .select({ lastError: cdnPurges.lastError })
    .from(cdnPurges)
    .where(and(isNull(cdnPurges.doneAt), sql`${cdnPurges.lastError} is not null`))
    .orderBy(desc(cdnPurges.id))
    .limit(1);
  return failing?.lastError
    ? { purges: 'retrying', pending: pending.n, last_error: failing.lastError }
    : { purges: 'waiting', pending: pending.n };
}

/** Purges done over a month ago go (one row a publish; the log keeps them). */
export async function prunePurges({ db, clock }: ServiceContext): Promise<void> {
  await db.delete(cdnPurges).where(lte(cdnPurges.doneAt, new Date(clock().getTime() - 30 * 86_400_000)));
}
