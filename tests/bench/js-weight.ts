import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The JavaScript a page loads before any interaction: inline scripts, scripts, islands and their static imports. */
export interface PageWeight {
  page: string;
  hasIsland: boolean;
  files: string[];
  bytes: number;
  gzipBytes: number;
}

const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];

function staticImports(code: string): string[] {
  const found = new Set<string>();
  for (const m of code.matchAll(/(?:^|[;\s}])import\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g)) found.add(m[1]!);
  for (const m of code.matchAll(/(?:^|[;\s}])export\s*(?:[\w*{}\s,$]+)from\s*["']([^"']+)["']/g)) found.add(m[1]!);
  return [...found];
}

function dynamicImports(code: string): string[] {
  return [...code.matchAll(/import\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]!);
}

/**
 * `alsoLoading`: dynamic imports that the page makes at once in some state (the consent banner on
 * a first visit), counted with their own static imports.
 */
export function weighPage(distDir: string, htmlFile: string, alsoLoading?: RegExp): PageWeight {
  const html = readFileSync(join(distDir, htmlFile), 'utf8');
  const chunks: { name: string; code: string }[] = [];
  const queue: string[] = [];

  for (const m of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const [, attrs = '', body = ''] = m;
    const type = attr(attrs, 'type');
    if (type && type !== 'module' && type !== 'text/javascript') continue;
    const src = attr(attrs, 'src');
    if (src) queue.push(src);
    else if (body.trim()) {
      chunks.push({ name: '(inline)', code: body });
      for (const dep of staticImports(body)) queue.push(dep);
    }
  }
  for (const m of html.matchAll(/<link\b[^>]*rel="modulepreload"[^>]*>/g)) {
    const href = attr(m[0], 'href');
    if (href) queue.push(href);
  }
  for (const m of html.matchAll(/<astro-island\b[^>]*>/g)) {
    for (const name of ['component-url', 'renderer-url', 'before-hydration-url']) {
      const url = attr(m[0], name);
      if (url) queue.push(url);
    }
  }

  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (!url.startsWith('/') || seen.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(distDir, url), 'utf8');
    chunks.push({ name: url, code });
    const deps = [
      ...staticImports(code),
      ...(alsoLoading ? dynamicImports(code).filter((d) => alsoLoading.test(d)) : []),
    ];
    for (const dep of deps) queue.push(dep.startsWith('.') ? posix.join(dirname(url), dep) : dep);
  }

  const bytes = chunks.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0);
  const gzipBytes = chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0);
  const page = '/' + htmlFile.replace(/index\.html$/, '').replace(/\/$/, '');
  return {
    page: page === '/' ? '/' : page,
    hasIsland: html.includes('<astro-island'),
    files: chunks.map((c) => c.name),
    bytes,
    gzipBytes,
  };
}

/**
 * A screen's own JavaScript: the chunk a my48 screen loads when it opens (by its file's name in
 * dist/_astro) and its static imports, less the files the page had loaded already (`loaded`).
 */
export function weighScreen(
  distDir: string,
  chunkName: RegExp,
  loaded: readonly string[],
): PageWeight & { code: string } {
  const entry = readdirSync(join(distDir, '_astro')).find((f) => chunkName.test(f) && f.endsWith('.js'));
  if (!entry) throw new Error(`no chunk named ${chunkName} in ${distDir}/_astro`);
  const skip = new Set(loaded);
  const queue = [`/_astro/${entry}`];
  const chunks: { name: string; code: string }[] = [];
  const seen = new Set<string>();
  while (queue.length > 0) {
    const url = queue.shift()!;
    if (!url.startsWith('/') || seen.has(url) || skip.has(url)) continue;
    seen.add(url);
    const code = readFileSync(join(distDir, url), 'utf8');
    chunks.push({ name: url, code });
    for (const dep of staticImports(code)) queue.push(dep.startsWith('.') ? posix.join(dirname(url), dep) : dep);
  }
  return {
    page: entry,
    hasIsland: false,
    files: chunks.map((c) => c.name),
    bytes: chunks.reduce((sum, c) => sum + Buffer.byteLength(c.code), 0),
    gzipBytes: chunks.reduce((sum, c) => sum + gzipSync(c.code, { level: 9 }).length, 0),
    code: chunks.map((c) => c.code).join('\n'),
  };
}
