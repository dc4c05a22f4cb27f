import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageKey } from './http/cache-policy.ts';
import { accepts, loadStaticSite, resolveFile, sendFile, staticListener, type StaticSite } from './static-site.ts';

const page = '<!doctype html><title>Help</title><h1>Help</h1>' + '<p>How do I top up?</p>'.repeat(50);
const script = 'console.log("island");'.repeat(40);
let site: StaticSite;
let base: string;
let close: () => void;

beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'site-'));
  mkdirSync(join(dir, 'help'));
  mkdirSync(join(dir, '_astro'));
  writeFileSync(join(dir, 'help/index.html'), page);
  writeFileSync(join(dir, 'help/index.html.br'), brotliCompressSync(page));
  writeFileSync(join(dir, 'help/index.html.gz'), gzipSync(page));
  writeFileSync(join(dir, '_astro/island.abc123.js'), script);
  writeFileSync(join(dir, '_astro/island.abc123.js.gz'), gzipSync(script));
  for (const shell of ['my48/transactions', 'pl/my48/transactions', 'pl/my48/support']) {
    mkdirSync(join(dir, shell), { recursive: true });
    writeFileSync(join(dir, shell, 'index.html'), page);
  }
  writeFileSync(join(dir, '404.html'), '<!doctype html><title>Not found</title>');
  site = await loadStaticSite(dir);
  const pages = staticListener(site, { 'x-frame-options': 'DENY' }, (path) => path.startsWith('/panda'));
  const server = createServer((req, res) => {
    if (!pages(req, res)) res.writeHead(418).end('app');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const address = server.address() as { port: number };
  base = `http://127.0.0.1:${address.port}`;
  close = () => server.close();
});
afterAll(() => close());

describe('Accept-Encoding', () => {
  it('reads codings, q=0 and the wildcard', () => {
    expect(accepts('gzip, deflate, br, zstd', 'br')).toBe(true);
    expect(accepts('gzip', 'br')).toBe(false);
    expect(accepts('br;q=0, gzip', 'br')).toBe(false);
    expect(accepts('br;q=0.0', 'br')).toBe(false);
    expect(accepts('br;q=0.5', 'br')).toBe(true);
    expect(accepts('*', 'gzip')).toBe(true);
    expect(accepts('*;q=0', 'gzip')).toBe(false);
    expect(accepts('identity', 'gzip')).toBe(false);
    expect(accepts(undefined, 'gzip')).toBe(false);
  });
});

describe('the static site', () => {
  it('holds compressed copies with their file, not as files of their own', () => {
    expect(resolveFile(site, '/help')).toBe('/help/index.html');
    expect(resolveFile(site, '/help/index.html.br')).toBeUndefined();
    expect(site.files.get('/help/index.html')?.br).toBeDefined();
    expect(site.files.get('/_astro/island.abc123.js')?.br).toBeUndefined();
  });

  it('answers a receipt’s and a ticket’s address with the shell of its language', () => {
    expect(resolveFile(site, '/my48/transactions/42')).toBe('/my48/transactions/index.html');
    expect(resolveFile(site, '/pl/my48/transactions/42')).toBe('/pl/my48/transactions/index.html');
    expect(resolveFile(site, '/pl/my48/support/48-C-000123')).toBe('/pl/my48/support/index.html');
    // A language the site has no shell for, or a look-alike, is no receipt.
    expect(resolveFile(site, '/ga/my48/transactions/42')).toBeUndefined();
    expect(resolveFile(site, '/xx/my48/transactions/42')).toBeUndefined();
  });

  it('sends brotli, gzip or the file as the browser accepts, each with its own ETag', async () => {
    const br = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers.get('content-encoding')).toBe('br');
    expect(br.headers.get('vary')).toBe('Accept-Encoding');
    expect(br.headers.get('x-frame-options')).toBe('DENY');
    // fetch undoes the coding itself; the length sent is the compressed one.
    expect(await br.text()).toBe(page);
    expect(Number(br.headers.get('content-length'))).toBe(brotliCompressSync(page).length);

    const gz = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    const plain = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(Number(plain.headers.get('content-length'))).toBe(Buffer.byteLength(page));
    expect(await plain.text()).toBe(page);
    const tags = [br, gz, plain].map((r) => r.headers.get('etag'));
    expect(new Set(tags).size).toBe(3);
    for (const tag of tags) expect(tag).toMatch(/^"[A-Za-z0-9_-]+(-br|-gzip)?"$/);
  });

  it('answers 304 without a body to a current ETag, 200 to an old one', async () => {
    const first = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'br' } });
    const etag = first.headers.get('etag')!;
    const again = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'br', 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    expect(again.headers.get('etag')).toBe(etag);
    const weak = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'br', 'if-none-match': `W/${etag}` } });
    expect(weak.status).toBe(304);
    const old = await fetch(`${base}/help`, { headers: { 'accept-encoding': 'br', 'if-none-match': '"stale"' } });
    expect(old.status).toBe(200);
  });

  it('marks hashed bundles immutable and pages shared for a day with their keys; HEAD has headers and no body', async () => {
    const js = await fetch(`${base}/_astro/island.abc123.js`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(js.headers.get('content-encoding')).toBe('gzip'); // no .br copy of it: gzip
    expect(await js.text()).toBe(script);
    const head = await fetch(`${base}/help`, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
    expect(head.headers.get('cache-control')).toBe(
      'public, max-age=60, s-maxage=86400, stale-while-revalidate=60, stale-if-error=604800',
    );
    expect(head.headers.get('surrogate-key')).toBe(`site type-help ${pageKey('/help/index.html')}`);
    expect(head.headers.get('cache-tag')).toBe(`site,type-help,${pageKey('/help/index.html')}`);
    expect(js.headers.get('surrogate-key')).toBeNull();
    expect(head.headers.get('content-length')).toBe(String(Buffer.byteLength(page)));
  });

  it('passes on what is not a file, what the app claims and other methods', async () => {
    expect((await fetch(`${base}/nothing-here`)).status).toBe(418);
    expect((await fetch(`${base}/panda/health`)).status).toBe(418);
    expect((await fetch(`${base}/help`, { method: 'POST' })).status).toBe(418);
    expect((await fetch(`${base}/help/../help`)).status).toBe(200); // normalised by the URL parser
    expect((await fetch(`${base}/%E0%A4%A`)).status).toBe(418); // bad escape: not a file
  });

  it('serves the same through the app (sendFile), 404 page with its status', async () => {
    const app = new Hono();
    app.get('*', (c) => {
      const file = resolveFile(site, new URL(c.req.url).pathname);
      return file ? sendFile(c, site, file) : sendFile(c, site, '/404.html', 404);
    });
    const res = await app.request('/help', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(brotliDecompressSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(page);
    const gz = await app.request('/help', { headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(page);
    const missing = await app.request('/nope', { headers: { 'if-none-match': '*' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=300, stale-if-error=604800');
    expect(missing.headers.get('surrogate-key')).toBe('site missing');
  });
});
