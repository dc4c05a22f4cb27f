import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq } from 'drizzle-orm';
import pino from 'pino';
import { expect, it } from 'vitest';
import { siteFiles, siteInstances, siteRelease } from '../../../src/server/db/schema.ts';
import { createRebuilder } from '../../../src/server/publishing.ts';
import {
  fetchBuild,
  followRelease,
  KEEP_LOCAL,
  liveReleaseDir,
  recordRelease,
  siteRoot,
} from '../../../src/server/release.ts';
import { forEachDatabase } from '../support/harness.ts';

/**
 * docs/product/production.md "Publishing" with several instances and no shared disk (ADR 036): the instance that
 * received a publish builds once, stores the build in the database and names it live; every other
 * instance fetches it into its own DATA_DIR and serves it. Two instances here: a rebuilder and a
 * follower on one database, each with a DATA_DIR of its own.
 */
const site = (dir: string, text: string) => {
  mkdirSync(join(dir, 'help'), { recursive: true });
  writeFileSync(join(dir, 'index.html'), `<!doctype html><title>${text}</title>`);
  writeFileSync(join(dir, 'help/index.html'), `<!doctype html><h1>Help: ${text}</h1>`);
  writeFileSync(join(dir, 'help/index.html.br'), Buffer.from([0x1b, 0x00, 0xff, 0x10]));
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  return { ok: true, output: '' };
};

forEachDatabase('release', { seed: 'catalogue', rateLimit: undefined }, (ctx) => {
  it('a publish built on one instance is fetched and served by another with its own DATA_DIR; old builds go', async () => {
    const db = ctx().handle.db;
    const [dataA, dataB] = [mkdtempSync(join(tmpdir(), 'release-a-')), mkdtempSync(join(tmpdir(), 'release-b-'))];
    expect(await liveReleaseDir(db, dataB)).toBeUndefined();
    const serving = { a: 'dist', b: 'dist' };
    let published = 0;
    const a = createRebuilder({
      dataDir: dataA,
      live: 'dist',
      log: pino({ level: 'silent' }),
      build: async (outDir) => site(outDir, `published ${++published}`),
      swap: async (dir) => void (serving.a = dir),
      publish: (dir) => recordRelease(db, dir, new Date()),
    });
    const b = followRelease({
      db,
      dataDir: dataB,
      instanceId: 'instance-b',
      serving: () => serving.b,
      swap: async (dir) => void (serving.b = dir),
      everyMs: 60_000,
    });
    try {
      a.request('publish');
      await a.idle();
      expect(serving.a.startsWith(siteRoot(dataA))).toBe(true);
      expect(await b.check()).toBe(true);
      // B serves the same build from its own folder, byte for byte (compressed copies too).
      expect(serving.b.startsWith(siteRoot(dataB))).toBe(true);
      for (const file of ['index.html', 'help/index.html', 'help/index.html.br', '404.html'])
        expect(readFileSync(join(serving.b, file))).toEqual(readFileSync(join(serving.a, file)));
      expect(readFileSync(join(serving.b, 'help/index.html'), 'utf8')).toContain('Help: published 1');
      expect(await b.check()).toBe(false); // serving it already
      const [said] = await db.select().from(siteInstances).where(eq(siteInstances.id, 'instance-b'));
      expect(said?.build).toBe(serving.a.split('/').at(-1));
      // More publishes: both end on the newest; the database keeps two builds, each instance a few.
      for (let i = 0; i < 4; i++) {
        a.request(`publish ${i}`);
        await a.idle();
        await b.check();
      }
      expect(serving.b.split('/').at(-1)).toBe(serving.a.split('/').at(-1));
      expect(readFileSync(join(serving.b, 'help/index.html'), 'utf8')).toContain('Help: published 5');
      const stored = await db.selectDistinct({ build: siteFiles.build }).from(siteFiles);
      expect(stored).toHaveLength(2);
      expect(readdirSync(siteRoot(dataB)).length).toBeLessThanOrEqual(KEEP_LOCAL);
    } finally {
      await a.stop();
      await b.stop();
    }
    // A stopped instance says so (a purge no longer waits for it).
    expect(await db.select().from(siteInstances).where(eq(siteInstances.id, 'instance-b'))).toEqual([]);
  });

  it('a build named live but not stored is not swapped to; a stored file that leaves its folder is refused', async () => {
    const db = ctx().handle.db;
    await db
      .insert(siteRelease)
      .values({ name: 'live', build: '2026-11-23T10-00-00-000Z-0001', publishedAt: new Date() });
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

    await db.insert(siteFiles).values([
      { build: 'evil', path: '404.html', body: Buffer.from('x') },
      { build: 'evil', path: '../../outside.html', body: Buffer.from('x') },
    ]);
    await expect(fetchBuild(db, dataDir, 'evil')).rejects.toThrow(/leaves its build/);
    const root = siteRoot(dataDir);
    expect(existsSync(root) ? readdirSync(root) : []).toEqual([]); // nothing half-written stays
  });

  it('a large build is stored and fetched a page of files at a time, whole', async () => {
    const db = ctx().handle.db;
    const built = join(mkdtempSync(join(tmpdir(), 'release-src-')), '2026-11-24T09-00-00-000Z-0001');
    site(built, 'big');
    for (let i = 0; i < 180; i++) {
      mkdirSync(join(built, 'blog', `post-${i}`), { recursive: true });
      writeFileSync(join(built, 'blog', `post-${i}`, 'index.html'), `<h1>Post ${i}</h1>`);
    }
    await recordRelease(db, built, new Date());
    const [{ n }] = (await db.select({ n: count() }).from(siteFiles)) as [{ n: number }];
    expect(n).toBe(184);
    const dir = await liveReleaseDir(db, mkdtempSync(join(tmpdir(), 'release-')));
    expect(readdirSync(join(dir!, 'blog'))).toHaveLength(180);
    expect(readFileSync(join(dir!, 'blog/post-179/index.html'), 'utf8')).toBe('<h1>Post 179</h1>');
  });
});
