import { cpSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../setup/free-port.ts';
import { startServer } from '../bench/api.ts';
import { startVarnish, varnishd } from '../setup/varnish.ts';
import { freshPostgresDatabase } from '../api/support/harness.ts';
import { helpTopic, publishAsSanity } from './publish.ts';
import { buildWorkDir } from './work-dir.ts';

/**
 * The reference deployment's CDN, for real (ADR 036): Debian's varnishd with the repo's VCL
 * (deploy/varnish/default.vcl) in front of two instances, each with a DATA_DIR of its own, on one
 * PostgreSQL database. A page reaches the origin once per lifetime however often it is asked for;
 * an editor's publish shows through Varnish within seconds of the release, purged by the instances;
 * with every instance stopped, Varnish still serves the pages it has (stale-if-error).
 */
const url = process.env['TEST_DATABASE_URL'];
if (!varnishd) console.warn('varnishd is not installed (apt-get install varnish): the CDN test is skipped.');
if (!url) console.warn('TEST_DATABASE_URL is not set: the CDN test (two instances, one database) is skipped.');

const work = resolve(buildWorkDir('portal-cdn-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Requests the origins answered from the built site (their metrics), summed. */
async function originPages(metrics: number[]): Promise<number> {
  let total = 0;
  for (const port of metrics) {
    const text = await (await fetch(`http://127.0.0.1:${port}/metrics`)).text();
    for (const m of text.matchAll(/^portal_http_request_duration_seconds_count\{[^}]*route="static"[^}]*\} (\d+)/gm))
      total += Number(m[1]);
  }
  return total;
}

describe.skipIf(!url || !varnishd)('Varnish in front of two instances', () => {
  it(
    'caches pages for their lifetime, shows a publish within 10 s of the release, and serves stale when the origin is down',
    { timeout: 300_000 },
    async () => {
      const database = await freshPostgresDatabase(url!, 'cdn_varnish');
      const [cache, portA, portB, metricsA, metricsB] = (await Promise.all([1, 2, 3, 4, 5].map(() => freePort()))) as [
        number,
        number,
        number,
        number,
        number,
      ];
      const content = join(work, 'content');
      cpSync('content', content, { recursive: true });
      const secret = 'test-webhook-secret-48';
      const logs: string[] = [];
      const instance = (port: number, metrics: number, name: string, extra: Record<string, string> = {}) =>
        startServer(
          {
            PORT: String(port),
            DATABASE_URL: database,
            DATA_DIR: join(work, `data-${name}`),
            CONTENT_DIR: content,
            CDN_PROVIDER: 'varnish',
            VARNISH_URLS: `http://127.0.0.1:${cache}`,
            SANITY_WEBHOOK_SECRET: secret,
            CMS_EDITOR_TOKEN: 'test-editor-token-48',
            METRICS_PORT: String(metrics),
            LOG_LEVEL: 'info',
            NODE_ENV: '',
            ...extra,
          },
          { logs },
        );
      // One first (it migrates and seeds the database), then the other.
      let a = await instance(portA, metricsA, 'a');
      let b = await instance(portB, metricsB, 'b');
      const varnish = await startVarnish(join(work, 'varnish'), cache, [portA, portB]);
      const db = new pg.Client({ connectionString: database });
      await db.connect();
      const edge = `http://127.0.0.1:${cache}`;
      try {
        // 1,000 requests for the home page: the origins are asked once (one page, one lifetime).
        const before = await originPages([metricsA, metricsB]);
        const answers = [];
        for (let i = 0; i < 20; i++)
          answers.push(
            ...(await Promise.all(
              Array.from({ length: 50 }, () => fetch(`${edge}/`).then(async (r) => (await r.text(), r))),
            )),
          );
        expect(answers.filter((r) => r.status !== 200)).toEqual([]);
        expect(answers.filter((r) => r.headers.get('x-cache') === 'HIT').length).toBeGreaterThanOrEqual(950);
        expect((await originPages([metricsA, metricsB])) - before).toBeLessThanOrEqual(1);
        // The keys are for the cache only; nothing personal is cached.
        expect(answers[0]!.headers.get('surrogate-key')).toBeNull();
        // A purge passed on by a proxy (a visitor's BAN through one) is refused, and bans nothing.
        const forwarded = await fetch(edge, {
          method: 'BAN',
          headers: { 'x-purge-keys': 'site', 'x-forwarded-for': '203.0.113.9' },
        });
        expect(forwarded.status).toBe(403);
        expect((await fetch(`${edge}/`)).headers.get('x-cache')).toBe('HIT');
        const health = [await fetch(`${edge}/panda/health`), await fetch(`${edge}/panda/health`)];
        expect(health.map((r) => r.headers.get('x-cache'))).toEqual(['MISS', 'MISS']);
        // A staff sign-in through the cache: its callback reaches the origin with the cookie that binds
        // it to the browser (stripped, every sign-in would end "That sign-in has ended").
        const started = await fetch(`${edge}/staff-sign-in`, { redirect: 'manual' });
        const state = new URL(started.headers.get('location')!).searchParams.get('state')!;
        const bound = started.headers
          .getSetCookie()
          .find((c) => c.startsWith('48-staff-state='))!
          .split(';')[0]!;
        const back = await fetch(`${edge}/staff-sign-in/callback?code=not-a-code&state=${state}`, {
          headers: { cookie: bound },
        });
        expect(await back.text()).toContain('The sign-in did not finish');

        // A help topic, cached; an editor changes it and publishes.
        const topic = helpTopic(content);
        const page = `${edge}${topic.path}`;
        const index = `${edge}/help`;
        for (const url of [page, index]) {
          await fetch(url);
          expect((await fetch(url)).headers.get('x-cache')).toBe('HIT');
        }
        const heading = `Published at ${Date.now()}`;
        topic.edit(heading);
        expect((await publishAsSanity(a.base, secret)).status).toBe(202);
        // The release: the moment the build is named live for every instance.
        await expect
          .poll(async () => (await db.query('select 1 from site_release')).rowCount, {
            timeout: 180_000,
            interval: 100,
          })
          .toBe(1);
        const released = Date.now();
        // The topic's page and /help, which lists the topics by their headings.
        await expect
          .poll(
            async () =>
              (await Promise.all([page, index].map(async (url) => (await fetch(url)).text()))).every((text) =>
                text.includes(heading),
              ),
            { timeout: 10_000, interval: 200 },
          )
          .toBe(true);
        const shown = Date.now() - released;
        expect(shown).toBeLessThanOrEqual(10_000);
        console.log(`a publish showed through Varnish ${shown} ms after the release`);
        // The instance logs the purge once Varnish has answered it; the page may show before that line is read.
        await expect
          .poll(() => logs.some((line) => line.includes('"msg":"cdn purge done"')), { timeout: 5_000, interval: 100 })
          .toBe(true);
        // Both instances serve the release, each from its own DATA_DIR.
        for (const dir of ['data-a', 'data-b']) expect(readdirSync(join(work, dir, 'site')).length).toBeGreaterThan(0);
        for (const base of [a.base, b.base])
          expect(await (await fetch(page.replace(edge, base))).text()).toContain(heading);
        expect(await (await fetch(`${a.base}/panda/ready`)).json()).toMatchObject({
          cdn: { purges: 'ok', pending: 0 },
        });

        // Stale if error: instances whose pages live two seconds in the cache; every page purged, then
        // asked for once; then no instance answers, and Varnish still serves them past their lifetime.
        await Promise.all([a.stop(), b.stop()]);
        a = await instance(portA, metricsA, 'a', { CDN_MAX_AGE_S: '2' });
        b = await instance(portB, metricsB, 'b', { CDN_MAX_AGE_S: '2' });
        // Varnish takes both back once its probe has seen them answer again (and drops connections to the
        // old processes): until then a request may meet 503 "Backend fetch failed" on a loaded machine.
        await expect
          .poll(
            async () => {
              for (let i = 0; i < 4; i++) if ((await fetch(`${edge}/panda/health`)).status !== 200) return false;
              return true;
            },
            { timeout: 15_000, interval: 250 },
          )
          .toBe(true);
        const ban = await fetch(edge, { method: 'BAN', headers: { 'x-purge-keys': 'site' } });
        expect(ban.status).toBe(200);
        const fresh = await fetch(`${edge}/`);
        expect(fresh.headers.get('x-cache')).toBe('MISS');
        const home = await fresh.text();
        expect(await (await fetch(page)).text()).toContain(heading);
        await Promise.all([a.stop(), b.stop()]);
        await new Promise((r) => setTimeout(r, 4_500));
        const stale = await fetch(`${edge}/`);
        expect(stale.status).toBe(200);
        expect(Number(stale.headers.get('age'))).toBeGreaterThan(2);
        expect(await stale.text()).toBe(home);
        const staleHelp = await fetch(page);
        expect(staleHelp.status).toBe(200);
        expect(await staleHelp.text()).toContain(heading);
        // A page it never had: a short 503 that says when to try again.
        const never = await fetch(`${edge}/blog/never-cached-${Date.now()}`);
        expect(never.status).toBe(503);
      } catch (error) {
        console.log(logs.filter((l) => /purge|rebuild|release|published|follow/.test(l)).join('\n'));
        console.log(
          (await db.query('select * from cdn_purges')).rows,
          (await db.query('select * from site_instances')).rows,
        );
        throw error;
      } finally {
        await db.end();
        await Promise.all([a.stop(), b.stop()]);
        await varnish.stop();
      }
    },
  );
});
