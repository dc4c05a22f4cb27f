import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, readdir, stat } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import { Readable } from 'node:stream';
import type { Context } from 'hono';

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

/** The built site as a set of paths, read once at start: no file system probing per request. */
export interface StaticSite {
  dir: string;
  files: Map<string, { size: number }>;
  /** CSP sources ('sha256-…') of every inline script and style the pages carry. */
  inlineScripts: string[];
  inlineStyles: string[];
}

const cspHash = (content: string) => `'sha256-${createHash('sha256').update(content).digest('base64')}'`;

export async function loadStaticSite(dir: string): Promise<StaticSite> {
  const files = new Map<string, { size: number }>();
  const scripts = new Set<string>();
  const styles = new Set<string>();
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const key = '/' + relative(dir, path).split(sep).join('/');
    files.set(key, { size: (await stat(path)).size });
    if (!key.endsWith('.html')) continue;
    // The pages' inline scripts and styles are allowed by hash, so the CSP needs no 'unsafe-inline'.
    const html = await readFile(path, 'utf8');
    for (const m of html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) if (m[1]) scripts.add(cspHash(m[1]));
    for (const m of html.matchAll(/<style\b[^>]*>([\s\S]*?)<\/style>/g)) if (m[1]) styles.add(cspHash(m[1]));
  }
  if (!files.has('/404.html')) throw new Error(`${dir} holds no built site (no 404.html): run npm run build`);
  return { dir, files, inlineScripts: [...scripts], inlineStyles: [...styles] };
}

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
  if (/^\/my48\/transactions\/[0-9]{1,10}$/.test(trimmed)) candidates.push('/my48/transactions/index.html');
  // The CMS JSON documents are files with a .json ending; their URLs have none (spec section 7).
  if (path.startsWith('/api/cms/') || path.startsWith('/cms/')) candidates.push(`${trimmed}.json`);
  return candidates.find((candidate) => site.files.has(candidate));
}

export function sendFile(c: Context, site: StaticSite, file: string, status: 200 | 404 = 200): Response {
  const type = types[extname(file)] ?? 'application/octet-stream';
  // Hashed bundles never change; everything else is revalidated so a deploy shows at once.
  const cache = file.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate';
  const headers = { 'content-type': type, 'cache-control': cache, 'content-length': String(site.files.get(file)!.size) };
  if (c.req.method === 'HEAD') return new Response(null, { status, headers });
  const stream = Readable.toWeb(createReadStream(join(site.dir, file))) as ReadableStream<Uint8Array>;
  return new Response(stream, { status, headers });
}
