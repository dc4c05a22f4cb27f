import { PREFIXED_LOCALES } from '../contract/i18n/locales.ts';
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Context } from 'hono';
import { filePolicy } from './http/cache-policy.ts';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
  '.webmanifest': 'application/manifest+json',
};

/** One file of the built site with what answering it needs, worked out at start. */
interface SiteFile {
  size: number;
  type: string;
  /** A strong validator from the content (the same for its compressed copies, told apart by a suffix). */
  etag: string;
  /** The bytes, kept in memory for files up to IN_MEMORY_MAX; larger ones are streamed from disk. */
  body?: Buffer;
  /** Copies made at build (file.br, file.gz; astro.config.mjs `precompress`). */
  br?: Buffer;
  gzip?: Buffer;
  /** Its Cache-Control and cache keys (http/cache-policy.ts), worked out once: a page is answered without hashing its path. */
  policy: Record<string, string>;
}

/** The built site as a set of paths, read once at start: no file system probing per request. */
export interface StaticSite {
  dir: string;
  files: Map<string, SiteFile>;
  /** CSP sources ('sha256-…') of every inline script and style the pages carry. */
  inlineScripts: string[];
  inlineStyles: string[];
  /** How long a shared cache may keep a page unpurged (CDN_MAX_AGE_S; http/cache-policy.ts). */
  sharedMaxAgeS?: number | undefined;
}

const cspHash = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;
const IN_MEMORY_MAX = 1024 * 1024;

export async function loadStaticSite(
  dir: string,
  options: { sharedMaxAgeS?: number | undefined } = {},
): Promise<StaticSite> {
  const files = new Map<string, SiteFile>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const entries = (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile());
  const onDisk = new Set(entries.map((e) => join(e.parentPath, e.name)));
  for (const entry of entries) {
    const path = join(entry.parentPath, entry.name);
    // Compressed copies travel with the file they copy, not as files of their own.
    if (/\.(br|gz)$/.test(entry.name) && onDisk.has(path.slice(0, -3))) continue;
    const key = '/' + relative(dir, path).split(sep).join('/');
    const size = (await stat(path)).size;
    const body = size <= IN_MEMORY_MAX ? await readFile(path) : undefined;
    const etag = `"${createHash('sha256')
      .update(body ?? `${key}:${size}:${(await stat(path)).mtimeMs}`)
      .digest('base64url')
      .slice(0, 22)}"`;
    const copy = async (suffix: string) => (body && onDisk.has(path + suffix) ? readFile(path + suffix) : undefined);
    const [br, gzip] = await Promise.all([copy('.br'), copy('.gz')]);
    files.set(key, {
      size,
      type: types[extname(key)] ?? 'application/octet-stream',
      etag,
      policy: filePolicy(key, 200, options.sharedMaxAgeS),
      ...(body ? { body } : {}),
      ...(br ? { br } : {}),
      ...(gzip ? { gzip } : {}),
    });
    if (!key.endsWith('.html') || !body) continue;
    // The pages' inline scripts and styles are allowed by hash, so the CSP needs no 'unsafe-inline'.
    const html = body.toString('utf8');
    for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g))
      if (m[1]) scripts.add(cspHash(m[1]));
    for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) if (m[1]) styles.add(cspHash(m[1]));
  }
  if (!files.has('/404.html')) throw new Error(`${dir} holds no built site (no 404.html): run npm run build`);
  return { dir, files, inlineScripts: [...scripts], inlineStyles: [...styles], sharedMaxAgeS: options.sharedMaxAgeS };
}

/** A path's optional language prefix, captured ("/pl"). */
const LOCALE_PREFIX = `(/(?:${PREFIXED_LOCALES.join('|')}))?`;

/** The file that answers a URL path, the way a static host with directory indexes would. */
export function resolveFile(site: StaticSite, pathname: string): string | undefined {
  let path: string;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    return undefined;
  }
  if (path.includes('\0') || path.split('/').includes('..')) return undefined;
  const trimmed = path.endsWith('/') ? path.slice(0, -1) : path;
  const candidates = [path, `${trimmed}/index.html`];
  // A receipt's address names its transaction (/my48/transactions/<id>): the my48 shell answers it, as for every my48 screen.
  // In every language: /pl/my48/transactions/<id> is the Polish shell (docs/product/languages.md).
  const receipt = new RegExp(`^${LOCALE_PREFIX}/my48/transactions/[0-9]{1,10}$`).exec(trimmed);
  if (receipt) candidates.push(`${receipt[1] ?? ''}/my48/transactions/index.html`);
  // So does a ticket's timeline (/my48/support/<reference>).
  const ticket = new RegExp(`^${LOCALE_PREFIX}/my48/support/48-[CT]-[0-9]{6}$`).exec(trimmed);
  if (ticket) candidates.push(`${ticket[1] ?? ''}/my48/support/index.html`);
  // A member in the staff console (/staff/members/<id>): the console's shell.
  if (/^\/staff\/members\/[0-9]{1,12}$/.test(trimmed)) candidates.push('/staff/members/index.html');
  // The CMS JSON documents are files with a .json ending; their URLs have none (spec section 7).
  if (path.startsWith('/api/cms/') || path.startsWith('/cms/')) candidates.push(`${trimmed}.json`);
  return candidates.find((candidate) => site.files.has(candidate));
}

/** Whether an Accept-Encoding header accepts a coding (named, or by *), q=0 meaning no. */
export function accepts(header: string | undefined, coding: 'br' | 'gzip'): boolean {
  if (!header) return false;
  let star = false;
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const refused = q !== undefined && Number(q.slice(2)) === 0;
    if (name === coding) return !refused;
    if (name === '*') star = !refused;
  }
  return star;
}

/** True when If-None-Match names this representation (or any, by *): the client's copy is current. */
function notModified(header: string | undefined, etags: string[]): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => etags.includes(tag.trim().replace(/^W\//, '')));
}

/** What answering a file takes: status, headers, and the bytes (or the path to stream them from). */
interface FileAnswer {
  status: 200 | 304 | 404;
  headers: Record<string, string>;
  body?: Buffer;
  streamFrom?: string;
}

function answerFile(
  site: StaticSite,
  file: string,
  method: string,
  acceptEncoding: string | undefined,
  ifNoneMatch: string | undefined,
  status: 200 | 404,
): FileAnswer {
  const entry = site.files.get(file)!;
  const coding =
    entry.br && accepts(acceptEncoding, 'br')
      ? 'br'
      : entry.gzip && accepts(acceptEncoding, 'gzip')
        ? 'gzip'
        : undefined;
  const body = coding === 'br' ? entry.br : coding === 'gzip' ? entry.gzip : entry.body;
  const stem = entry.etag.slice(0, -1);
  const headers: Record<string, string> = {
    'content-type': entry.type,
    // What browsers and shared caches may keep, with the keys a publish purges by (http/cache-policy.ts).
    ...(status === 200 ? entry.policy : filePolicy(file, status, site.sharedMaxAgeS)),
    etag: coding ? `${stem}-${coding}"` : entry.etag,
  };
  if (entry.br || entry.gzip) headers['vary'] = 'Accept-Encoding';
  if (coding) headers['content-encoding'] = coding;
  if (status === 200 && notModified(ifNoneMatch, [entry.etag, `${stem}-br"`, `${stem}-gzip"`]))
    return { status: 304, headers };
  headers['content-length'] = String(body ? body.length : entry.size);
  if (method === 'HEAD') return { status, headers };
  return body ? { status, headers, body } : { status, headers, streamFrom: join(site.dir, file) };
}

/** The file as a Response, for the Hono app (404 page, and any request the fast path below passed on). */
export function sendFile(c: Context, site: StaticSite, file: string, status: 200 | 404 = 200): Response {
  const answer = answerFile(
    site,
    file,
    c.req.method,
    c.req.header('accept-encoding'),
    c.req.header('if-none-match'),
    status,
  );
  const body = answer.body
    ? new Uint8Array(answer.body.buffer as ArrayBuffer, answer.body.byteOffset, answer.body.length)
    : answer.streamFrom
      ? (Readable.toWeb(createReadStream(answer.streamFrom)) as ReadableStream<Uint8Array>)
      : null;
  return new Response(body, { status: answer.status, headers: answer.headers });
}

/**
 * The site's pages and assets straight from Node's HTTP server, before the Hono app: a page is
 * the busiest thing this server sends, and going through the app's middleware and the
 * Request/Response conversion cost three quarters of its throughput (/help at 20 % of a
 * bare Node server through the app). `baseHeaders` are the app's own security headers for a page
 * (read from the app at start, so both paths send the same CSP). Anything that is not a file of
 * the site, or that `passOn` claims, returns false and goes to the app.
 */
export function staticListener(
  site: StaticSite,
  baseHeaders: Record<string, string>,
  passOn: (path: string) => boolean,
) {
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '/';
    const q = url.indexOf('?');
    const pathname = q === -1 ? url : url.slice(0, q);
    if (passOn(pathname)) return false;
    const file = resolveFile(site, pathname);
    if (!file) return false;
    const answer = answerFile(
      site,
      file,
      req.method,
      req.headers['accept-encoding'],
      req.headers['if-none-match'],
      200,
    );
    res.writeHead(answer.status, { ...baseHeaders, ...answer.headers });
    if (answer.streamFrom) createReadStream(answer.streamFrom).pipe(res);
    else res.end(answer.body);
    return true;
  };
}
