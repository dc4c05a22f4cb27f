import { spawn } from 'node:child_process';
import { timingSafeEqual } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { decodeSignatureHeader, encodeSignatureHeader } from '@sanity/webhook';
import type { Logger } from 'pino';

/** Builds kept under DATA_DIR/site (the live one and the two before it). */
export const KEEP_BUILDS = 3;

/** How old a signed publish may be (docs/product/operations.md): a replayed one after that is refused. */
export const REPLAY_WINDOW_MS = 5 * 60_000;

/**
 * Sanity's webhook signature (`t=<ms>,v1=<base64url HMAC-SHA256 of "<t>.<body>">`) checked on the
 * raw body: @sanity/webhook computes it; the age limit and the constant-time compare are ours
 * (its own check has neither).
 */
export async function validPublishSignature(
  rawBody: string,
  header: string | undefined,
  secret: string,
  now: number,
): Promise<boolean> {
  if (!header || !rawBody) return false;
  let timestamp: number;
  let sent: string;
  try {
    ({ timestamp, hashedPayload: sent } = decodeSignatureHeader(header));
  } catch {
    return false;
  }
  if (!Number.isFinite(timestamp) || Math.abs(now - timestamp) > REPLAY_WINDOW_MS) return false;
  const expected = (await encodeSignatureHeader(rawBody, timestamp, secret)).split(',v1=')[1] ?? '';
  const a = Buffer.from(sent);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** What publishing needs: the rebuilder, Sanity's webhook secret, and the editors' token. */
export interface Publishing {
  rebuilder: Rebuilder;
  webhookSecret?: string | undefined;
  editorToken?: string | undefined;
}

export interface BuildRun {
  id: string;
  trigger: string;
  startedAt: string;
  finishedAt?: string;
  durationMs?: number;
  result?: 'ok' | 'failed';
  /** The end of the build's output when it failed. */
  error?: string;
}

export interface PublishStatus {
  building: boolean;
  /** A publish arrived during the running build: one more build follows it. */
  queued: boolean;
  live: string;
  runs: BuildRun[];
}

export interface Rebuilder {
  /** Asks for a build; during one, asks for (at most) one more after it. */
  request(trigger: string): void;
  /** The builds kept on this instance (newest first), the live one marked: what an editor may go back to. */
  builds(): { id: string; live: boolean }[];
  /**
   * Puts a kept build live again (released for every instance, then served here), as a run of its
   * own; refused while a build runs, or for a build not kept.
   */
  rollback(id: string): Promise<'live' | 'busy' | 'unknown' | 'failed'>;
  status(): PublishStatus;
  /** Resolves when no build runs and none is queued (tests, shutdown). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

/** `npx astro build` into `outDir`, resolving with its exit code and the end of its output. */
export function astroBuild(outDir: string, cacheDir: string): Promise<{ ok: boolean; output: string }> {
  return new Promise((done) => {
    const child = spawn('npx', ['astro', 'build'], {
      // A production bundle whatever the NODE_ENV the server runs under (with "test", React came in its development build).
      env: { ...process.env, ASTRO_OUT_DIR: outDir, ASTRO_CACHE_DIR: cacheDir, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    const keep = (chunk: Buffer) => (output = (output + String(chunk)).slice(-4000));
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => done({ ok: false, output: String(error) }));
    child.once('close', (code) => done({ ok: code === 0, output }));
  });
}

/**
 * Publish → rebuild (docs/product/operations.md): one build at a time, a burst of publishes becoming one more
 * build after the running one. Each build goes to a new folder under `<dataDir>/site`; only a
 * finished one is handed to `swap` (which loads it and puts it live in one step), so visitors
 * never see a half-built site and a failed build leaves the live one as it was.
 */
export function createRebuilder({
  dataDir,
  live,
  swap,
  log,
  build = astroBuild,
  onRun,
  publish,
}: {
  dataDir: string;
  live: string;
  swap: (dir: string) => Promise<void>;
  /** Names a finished build for every instance (release.ts); before this instance swaps to it. */
  publish?: (dir: string) => Promise<void>;
  log: Logger;
  build?: (outDir: string, cacheDir: string) => Promise<{ ok: boolean; output: string }>;
  onRun?: (run: BuildRun) => void;
}): Rebuilder {
  const root = resolve(dataDir, 'site');
  const cacheDir = resolve(dataDir, 'astro-cache');
  const runs: BuildRun[] = [];
  let current = live;
  let running: Promise<void> | undefined;
  let queued: string | undefined;
  let stopped = false;
  let sequence = 0;

  const once = async (trigger: string) => {
    const started = Date.now();
    const run: BuildRun = {
      id: `${new Date(started).toISOString().replace(/[:.]/g, '-')}-${String(++sequence).padStart(4, '0')}`,
      trigger,
      startedAt: new Date(started).toISOString(),
    };
    runs.unshift(run);
    runs.splice(20);
    const outDir = join(root, run.id);
    mkdirSync(root, { recursive: true });
    log.info({ build: run.id, trigger }, 'rebuild started');
    let result: { ok: boolean; output: string };
    try {
      result = await build(outDir, cacheDir);
      if (result.ok) {
        // Released for every instance first, then served here: a release that cannot be stored (the
        // database away) fails the build, rather than leave this instance serving what no other does.
        await publish?.(outDir);
        await swap(outDir);
      }
    } catch (error) {
      result = { ok: false, output: String(error) };
    }
    run.finishedAt = new Date().toISOString();
    run.durationMs = Date.now() - started;
    run.result = result.ok ? 'ok' : 'failed';
    if (result.ok) {
      current = outDir;
      log.info({ build: run.id, ms: run.durationMs }, 'rebuild live');
      // Keep the newest builds (the live one, the one before it, and one another instance may still be
      // swapping from: names sort by time); older ones go.
      for (const name of readdirSync(root).sort().slice(0, -KEEP_BUILDS))
        rmSync(join(root, name), { recursive: true, force: true });
    } else {
      run.error = result.output.slice(-1500);
      log.error({ build: run.id, ms: run.durationMs, output: run.error }, 'rebuild failed; the live site is unchanged');
      rmSync(outDir, { recursive: true, force: true });
    }
    onRun?.(run);
  };

  const next = () => {
    if (running || stopped || queued === undefined) return;
    const trigger = queued;
    queued = undefined;
    running = once(trigger).finally(() => {
      running = undefined;
      next();
    });
  };

  const kept = () => {
    try {
      return readdirSync(root).sort().reverse();
    } catch {
      return [];
    }
  };

  return {
    request(trigger) {
      if (stopped) return;
      queued = queued ? queued : trigger;
      next();
    },
    builds: () => kept().map((id) => ({ id, live: join(root, id) === current })),
    async rollback(id) {
      if (running || queued !== undefined) return 'busy';
      if (!kept().includes(id) || join(root, id) === current) return 'unknown';
      const dir = join(root, id);
      const started = Date.now();
      const run: BuildRun = {
        id: `${id}-again-${String(++sequence).padStart(4, '0')}`,
        trigger: `back to ${id}`,
        startedAt: new Date(started).toISOString(),
      };
      runs.unshift(run);
      runs.splice(20);
      const going = (async () => {
        try {
          await publish?.(dir);
          await swap(dir);
          current = dir;
          run.result = 'ok';
          log.info({ build: id }, 'an earlier build is live again');
        } catch (error) {
          run.result = 'failed';
          run.error = String(error).slice(-1500);
          log.error({ build: id, err: error }, 'going back to an earlier build failed; the live site is unchanged');
        }
        run.finishedAt = new Date().toISOString();
        run.durationMs = Date.now() - started;
        onRun?.(run);
      })();
      running = going.finally(() => {
        running = undefined;
        next();
      });
      await going;
      return run.result === 'ok' ? 'live' : 'failed';
    },
    status: () => ({
      building: Boolean(running),
      queued: queued !== undefined,
      live: current,
      runs: runs.map((r) => ({ ...r })),
    }),
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      queued = undefined;
      await running;
    },
  };
}
