import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivatePath, sharedCacheable } from '../../src/server/http/cache-policy.ts';
import { DEMO_PASSWORD, demoSsn } from '../../src/server/seed/seed.ts';
import { signIn, startServer } from '../bench/api.ts';

/**
 * Every route the portal answers, walked against the real server and the built site (ADR 036):
 * public pages and files may be kept by a shared cache, each with its keys; nothing under /panda,
 * /my48 or /sandbox, and no answer that sets a cookie, may be.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'portal-cache-'));
let server: Awaited<ReturnType<typeof startServer>>;
beforeAll(async () => {
  // A public https site behind a trusted proxy (as deployed), with the sandboxes said out loud.
  server = await startServer({
    DATABASE_URL: 'memory://',
    DATA_DIR: dataDir,
    SITE_URL: 'https://www.48.ie',
    SANDBOX: 'true',
    TRUST_PROXY: 'loopback',
  });
}, 240_000);
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Every file of the built site as the URL that answers it (a folder's index.html by its folder). */
function siteUrls(dir = 'dist'): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && !/\.(br|gz)$/.test(e.name))
    .map((e) => '/' + relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .map((path) => path.replace(/(^|\/)index\.html$/, '$1'))
    .map((path) => (path.startsWith('/api/cms/') || path.startsWith('/cms/') ? path.replace(/\.json$/, '') : path));
}

const shared = (res: Response) => sharedCacheable(res.headers.get('cache-control'));

describe('what a shared cache may keep', () => {
  it('every public page and file of the site, with its keys; the account app and the payment page never', async () => {
    const urls = siteUrls();
    expect(urls.length).toBeGreaterThan(100);
    const wrong: string[] = [];
    for (const path of urls) {
      const res = await fetch(`${server.base}${path}`, { redirect: 'manual' });
      await res.arrayBuffer();
      const cacheControl = res.headers.get('cache-control');
      const keys = res.headers.get('surrogate-key') ?? '';
      if (path.startsWith('/_astro/')) {
        if (cacheControl !== 'public, max-age=31536000, immutable') wrong.push(`${path}: ${cacheControl}`);
      } else if (isPrivatePath(path)) {
        if (shared(res) || keys) wrong.push(`${path} (personal): ${cacheControl} ${keys}`);
      } else if (res.status !== 200 || !shared(res) || !/^site type-[a-z]+ page-[0-9a-f]{16}$/.test(keys))
        wrong.push(`${path}: ${res.status} ${cacheControl} [${keys}] [${res.headers.get('cache-tag')}]`);
      if (res.headers.has('set-cookie') && shared(res)) wrong.push(`${path}: sets a cookie and is shared`);
    }
    expect(wrong).toEqual([]);
    // my48 in every language is the account app's.
    for (const path of ['/my48', '/pl/my48', '/ga/my48/usage', '/pl/my48/transactions/12'])
      expect(isPrivatePath(path), path).toBe(true);
    expect(isPrivatePath('/pl/memberships')).toBe(false);
    const help = await fetch(`${server.base}/help/roaming`);
    expect(help.headers.get('cache-control')).toBe(
      'public, max-age=60, s-maxage=86400, stale-while-revalidate=60, stale-if-error=604800',
    );
    expect(help.headers.get('surrogate-key')).toMatch(/^site type-help page-/);
    expect(help.headers.get('cache-tag')).toMatch(/^site,type-help,page-/);
    // A path that is no page: shared briefly, by the key a publish that adds pages purges.
    const missing = await fetch(`${server.base}/no-such-page`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('surrogate-key')).toBe('site missing');
  });

  it('every read of the API, signed in or not, and every sandbox page: private, no-store', async () => {
    const doc = (await (await fetch(`${server.base}/panda/openapi.json`)).json()) as {
      paths: Record<string, Record<string, unknown>>;
    };
    const member = await signIn(server.base, 'active@example.com');
    const params: Record<string, string> = { user_id: String(member.userId), ssn: member.ssn };
    const wrong: string[] = [];
    let reads = 0;
    for (const [template, methods] of Object.entries(doc.paths)) {
      if (!('get' in methods)) continue;
      const path = template.replace(/\{(\w+)\}/g, (_, name: string) => params[name] ?? demoSsn(1));
      for (const headers of [member.headers, {}]) {
        const res = await fetch(`${server.base}${path}`, { headers, redirect: 'manual' });
        await res.arrayBuffer();
        reads++;
        if (shared(res)) wrong.push(`${path} (${res.status}): ${res.headers.get('cache-control')}`);
      }
    }
    expect(reads).toBeGreaterThan(60);
    for (const path of [
      '/sandbox/mail',
      '/sandbox/cdn',
      '/sandbox/helpdesk',
      '/sandbox/delivery',
      '/sandbox/network',
      '/sandbox/usage',
      '/my48',
      '/my48/settings',
    ]) {
      const res = await fetch(`${server.base}${path}`);
      await res.arrayBuffer();
      if (res.headers.get('cache-control') !== 'private, no-store')
        wrong.push(`${path} (${res.status}): ${res.headers.get('cache-control')}`);
    }
    expect(wrong).toEqual([]);
  });

  it('what a shared cache keeps carries no header taken from the request: HSTS on a page from SITE_URL, not X-Forwarded-Proto', async () => {
    const hsts = async (path: string, headers: Record<string, string> = {}) => {
      const res = await fetch(`${server.base}${path}`, { headers });
      await res.arrayBuffer();
      return [shared(res), res.headers.get('strict-transport-security')];
    };
    const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-for': '198.51.100.7' };
    const plainHttp = { 'x-forwarded-proto': 'http', 'x-forwarded-for': '198.51.100.7' };
    // Pages (the static fast path) and a missing page (the app): the same for every visitor.
    for (const path of ['/help/roaming', '/', '/no-such-page']) {
      const answers = [await hsts(path), await hsts(path, forwarded), await hsts(path, plainHttp)];
      expect(answers, path).toEqual([0, 1, 2].map(() => [true, 'max-age=31536000; includeSubDomains']));
    }
    // A private answer is nobody else's: HSTS as its own request came.
    expect(await hsts('/panda/health', forwarded)).toEqual([false, 'max-age=31536000; includeSubDomains']);
    expect(await hsts('/panda/health', plainHttp)).toEqual([false, null]);
  });

  it('an answer that sets a cookie (a log-in) is never shared', async () => {
    const res = await fetch(`${server.base}/panda/public/users/current`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.base },
      body: JSON.stringify({ username: 'active@example.com', password: DEMO_PASSWORD }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().length).toBeGreaterThan(0);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});
