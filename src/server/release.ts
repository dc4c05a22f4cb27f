import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { and, asc, eq, gt, lt, notInArray } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { cdnPurges, siteFiles, siteInstances, siteRelease } from './db/schema.ts';

/**
 * Publishing with several instances (docs/product/production.md, ADR 036): the instance that received a publish
 * builds once, stores every file of the build in the database and names the build live, in one
 * transaction; every instance follows that row within seconds, fetching the files into its own
 * DATA_DIR (no disk is shared), so none serves (or enforces) other content for longer. The same
 * transaction queues the CDN purge of what the build changed (cdn-purges.ts).
 */
export const siteRoot = (dataDir: string) => resolve(dataDir, 'site');

/** Builds whose files the database keeps: the live one and the one before it (an instance may still be fetching it). */
const KEEP_STORED = 2;
/** Rows written a statement: a few MB at most (a build's files are small; the largest are images). */
const FILES_A_STATEMENT = 50;

async function filesOf(dir: string): Promise<{ path: string; body: Buffer }[]> {
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  return Promise.all(
    entries.map(async (e) => {
      const full = join(e.parentPath, e.name);
      return { path: relative(dir, full).split(sep).join('/'), body: await readFile(full) };
    }),
  );
}

/**
 * Puts a finished build live for every instance: its files stored, the live row pointed at it, the
 * purge of `purgeKeys` queued (none when empty), builds older than the one before it removed.
 */
export async function recordRelease(db: Database, dir: string, now: Date, purgeKeys: string[] = []): Promise<void> {
  const build = basename(dir);
  const files = await filesOf(dir);
  await db.transaction(async (tx) => {
    const [previous] = await tx
      .select({ build: siteRelease.build })
      .from(siteRelease)
      .where(eq(siteRelease.name, 'live'));
    await tx.delete(siteFiles).where(eq(siteFiles.build, build));
    for (let i = 0; i < files.length; i += FILES_A_STATEMENT)
      await tx.insert(siteFiles).values(files.slice(i, i + FILES_A_STATEMENT).map((f) => ({ build, ...f })));
    const values = { build, publishedAt: now };
    await tx
      .insert(siteRelease)
      .values({ name: 'live', ...values })
      .onConflictDoUpdate({ target: siteRelease.name, set: values });
    const keep = [build, ...(previous && previous.build !== build ? [previous.build] : [])].slice(0, KEEP_STORED);
    await tx.delete(siteFiles).where(notInArray(siteFiles.build, keep));
    if (purgeKeys.length > 0)
      await tx
        .insert(cdnPurges)
        .values({ build, keys: purgeKeys, createdAt: now, nextAt: now })
        .onConflictDoUpdate({ target: cdnPurges.build, set: { keys: purgeKeys, nextAt: now, doneAt: null } });
  });
}

/**
 * The build's folder in this instance's DATA_DIR, fetched from the database when it is not there yet
 * (into a folder of its own, renamed into place when whole: a build is there entirely or not at all).
 * Undefined when neither has it.
 */
export async function fetchBuild(db: Database, dataDir: string, build: string): Promise<string | undefined> {
  const dir = join(siteRoot(dataDir), build);
  if (existsSync(join(dir, '404.html'))) return dir;
  const partial = `${dir}.part-${process.pid}-${Date.now()}`;
  let after = '';
  let count = 0;
  try {
    for (;;) {
      // A page of files at a time, in path order: the whole build is never in memory at once.
      const rows = await db
        .select()
        .from(siteFiles)
        .where(and(eq(siteFiles.build, build), gt(siteFiles.path, after)))
        .orderBy(asc(siteFiles.path))
        .limit(FILES_A_STATEMENT);
      for (const row of rows) {
        const target = resolve(partial, row.path);
        if (!target.startsWith(partial + sep)) throw new Error(`a stored file leaves its build: ${row.path}`);
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, row.body);
      }
      count += rows.length;
      if (rows.length < FILES_A_STATEMENT) break;
      after = rows.at(-1)!.path;
    }
    if (count === 0 || !existsSync(join(partial, '404.html'))) return undefined;
    await rm(dir, { recursive: true, force: true });
    await rename(partial, dir);
    return dir;
  } finally {
    await rm(partial, { recursive: true, force: true });
  }
}

/** The folder of the published build, fetched into this instance's DATA_DIR when needed; undefined when there is none. */
export async function liveReleaseDir(db: Database, dataDir: string): Promise<string | undefined> {
  const [row] = await db.select().from(siteRelease).where(eq(siteRelease.name, 'live'));
  if (!row) return undefined;
  return fetchBuild(db, dataDir, row.build);
}

/** Folders this instance keeps under DATA_DIR/site: what it serves and the newest others. */
export const KEEP_LOCAL = 3;
async function pruneLocal(dataDir: string, serving: string) {
  const root = siteRoot(dataDir);
  const names = (await readdir(root).catch(() => [] as string[])).filter((n) => !n.includes('.part-')).sort();
  for (const name of names.slice(0, -KEEP_LOCAL))
    if (resolve(root, name) !== resolve(serving)) await rm(join(root, name), { recursive: true, force: true });
}

/** How long an instance that said nothing counts as running (for the purge's wait). */
export const INSTANCE_SEEN_S = 15;

/**
 * Checks the published build every `everyMs` and swaps to it when it is not the one served, then
 * says which build this instance serves (`site_instances`). Returns `check` (tests, start) and `stop`.
 */
export function followRelease({
  db,
  dataDir,
  instanceId,
  serving,
  swap,
  onError,
  afterCheck,
  everyMs = 2_000,
}: {
  db: Database;
  dataDir: string;
  /** This instance's name in site_instances (a new one each start). */
  instanceId?: string;
  serving: () => string;
  swap: (dir: string) => Promise<void>;
  onError?: (error: unknown) => void;
  /** Work of the same beat (main.ts: the CDN purges). */
  afterCheck?: () => Promise<unknown>;
  everyMs?: number;
}) {
  let running: Promise<boolean> | undefined;
  const check = (): Promise<boolean> => {
    running ??= (async () => {
      let swapped = false;
      try {
        const dir = await liveReleaseDir(db, dataDir);
        if (dir && resolve(dir) !== resolve(serving())) {
          await swap(dir);
          swapped = true;
          await pruneLocal(dataDir, dir);
        }
        if (instanceId) {
          const now = new Date();
          const values = { build: basename(serving()), seenAt: now };
          await db
            .insert(siteInstances)
            .values({ id: instanceId, ...values })
            .onConflictDoUpdate({ target: siteInstances.id, set: values });
          await db.delete(siteInstances).where(lt(siteInstances.seenAt, new Date(now.getTime() - 3_600_000)));
        }
        await afterCheck?.();
      } catch (error) {
        onError?.(error);
      }
      return swapped;
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
      if (instanceId)
        await db
          .delete(siteInstances)
          .where(eq(siteInstances.id, instanceId))
          .catch(() => undefined);
    },
  };
}
