import { existsSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { siteRelease } from './db/schema.ts';

/**
 * Publishing with several instances (production.md, ADR 022): the instance that received a publish
 * builds once into the shared `DATA_DIR/site/<build>` and names the build in the database; every
 * instance follows that row within seconds, so none serves (or enforces) other content for longer.
 */
export const siteRoot = (dataDir: string) => resolve(dataDir, 'site');

export async function recordRelease(db: Database, dir: string, now: Date): Promise<void> {
  const values = { build: basename(dir), publishedAt: now };
  await db
    .insert(siteRelease)
    .values({ name: 'live', ...values })
    .onConflictDoUpdate({ target: siteRelease.name, set: values });
}

/** The folder of the published build, when there is one and this instance can see it. */
export async function liveReleaseDir(db: Database, dataDir: string): Promise<string | undefined> {
  const [row] = await db.select().from(siteRelease).where(eq(siteRelease.name, 'live'));
  if (!row) return undefined;
  const dir = join(siteRoot(dataDir), row.build);
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/**
 * Checks the published build every `everyMs` and swaps to it when it is not the one served. Returns
 * `check` (tests, start) and `stop`.
 */
export function followRelease({
  db,
  dataDir,
  serving,
  swap,
  onError,
  everyMs = 5_000,
}: {
  db: Database;
  dataDir: string;
  serving: () => string;
  swap: (dir: string) => Promise<void>;
  onError?: (error: unknown) => void;
  everyMs?: number;
}) {
  let running: Promise<boolean> | undefined;
  const check = (): Promise<boolean> => {
    running ??= (async () => {
      try {
        const dir = await liveReleaseDir(db, dataDir);
        if (!dir || resolve(dir) === resolve(serving())) return false;
        await swap(dir);
        return true;
      } catch (error) {
        onError?.(error);
        return false;
      }
    })().finally(() => (running = undefined));
    return running;
  };
  const timer = setInterval(() => void check(), everyMs);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
