import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { expect, it } from 'vitest';
import { createRebuilder, KEEP_BUILDS } from '../../src/server/publishing.ts';
import { followRelease, liveReleaseDir, siteRoot } from '../../src/server/release.ts';
import { recordRelease } from '../../src/server/release.ts';
import { forEachDatabase } from './harness.ts';

/**
 * production.md "Publishing" with several instances (ADR 022): the instance that received a publish
 * builds once into the shared DATA_DIR and names the build in the database; every other instance
 * follows it. Two instances here: two rebuilder/follower pairs on one database and one DATA_DIR.
 */
const site = (dir: string, text: string) => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${text}</title>`);
  return { ok: true, output: '' };
};

forEachDatabase(
  'release',
  (ctx) => {
    it('a publish built on one instance is served by the other within one check; old builds are pruned', async () => {
      const db = ctx().handle.db;
      const dataDir = mkdtempSync(join(tmpdir(), 'release-'));
      expect(await liveReleaseDir(db, dataDir)).toBeUndefined();
      const serving = { a: 'dist', b: 'dist' };
      const a = createRebuilder({
        dataDir,
        live: 'dist',
        log: pino({ level: 'silent' }),
        build: async (outDir) => site(outDir, 'published'),
        swap: async (dir) => void (serving.a = dir),
        publish: (dir) => recordRelease(db, dir, new Date()),
      });
      const b = followRelease({
        db,
        dataDir,
        serving: () => serving.b,
        swap: async (dir) => void (serving.b = dir),
        everyMs: 60_000,
      });
      try {
        a.request('publish');
        await a.idle();
        expect(serving.a).not.toBe('dist');
        expect(await liveReleaseDir(db, dataDir)).toBe(serving.a);
        expect(await b.check()).toBe(true);
        expect(serving.b).toBe(serving.a);
        expect(await b.check()).toBe(false); // serving it already
        // More publishes: the newest builds stay, the others go; both instances end on the newest.
        for (let i = 0; i < 4; i++) {
          a.request(`publish ${i}`);
          await a.idle();
        }
        await b.check();
        expect(serving.b).toBe(serving.a);
        expect(readdirSync(siteRoot(dataDir))).toHaveLength(KEEP_BUILDS);
      } finally {
        await a.stop();
        await b.stop();
      }
    });

    it('a build another instance cannot see (no shared DATA_DIR) is not swapped to', async () => {
      const db = ctx().handle.db;
      await recordRelease(db, '/elsewhere/site/2026-11-23T10-00-00-000Z-1', new Date());
      const dataDir = mkdtempSync(join(tmpdir(), 'release-'));
      const swapped: string[] = [];
      const b = followRelease({
        db,
        dataDir,
        serving: () => 'dist',
        swap: async (dir) => void swapped.push(dir),
        everyMs: 60_000,
      });
      expect(await b.check()).toBe(false);
      expect(swapped).toEqual([]);
      await b.stop();
    });
  },
  undefined,
  'catalogue',
);
