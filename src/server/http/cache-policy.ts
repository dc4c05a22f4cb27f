import { unlocalisedPath } from '../../contract/i18n/locales.ts';
import { createHash } from 'node:crypto';

/**
 * What a shared cache (a CDN, Varnish) may keep, decided in one place for every answer.
 *
 * - Hashed bundles (`/_astro/…`) never change: a year, immutable, in browsers and caches alike.
 * - Public pages and files: a minute in the browser, a day in a shared cache, which an editor's
 *   publish purges (cdn-purges.ts) by the keys each answer carries; a cache may keep serving a page
 *   for a minute while it asks the origin again, and for a week when the origin fails.
 * - Anything personal, never: the account app, the API, the sandboxes, and any answer that sets a
 *   cookie are `private, no-store` (app.ts applies it to every answer the app makes).
 */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const PRIVATE = 'private, no-store';
/** The browser's minute, the shared cache's day (CDN_MAX_AGE_S), its minute of revalidating and its week of errors. */
export const BROWSER_MAX_AGE_S = 60;
export const SHARED_MAX_AGE_S = 86_400;
export const STALE_WHILE_REVALIDATE_S = 60;
export const STALE_IF_ERROR_S = 604_800;
export const shared = (sharedMaxAgeS = SHARED_MAX_AGE_S) =>
  `public, max-age=${Math.min(BROWSER_MAX_AGE_S, sharedMaxAgeS)}, s-maxage=${sharedMaxAgeS}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}, stale-if-error=${STALE_IF_ERROR_S}`;
/** A path that is no page: shared for five minutes, so a page published there shows soon even unpurged. */
export const MISSING = `public, max-age=0, s-maxage=300, stale-if-error=${STALE_IF_ERROR_S}`;

/** Every shared-cacheable answer carries this key: purging it empties the cache of the site. */
export const SITE_KEY = 'site';
/** Every "no such page" answer carries this key: purged when a publish adds files. */
export const MISSING_KEY = 'missing';

/** Paths whose pages or answers are personal (or a payment), kept out of every shared cache. */
const PRIVATE_PREFIXES = ['/my48', '/panda', '/sandbox', '/payment-gateway', '/cms/status', '/finance'];
/** The payment page, in any language (/payment-gateway/, /pl/payment-gateway/): the app answers it, with its own CSP. */
export const isPaymentPage = (path: string) => unlocalisedPath(path).startsWith('/payment-gateway');
export const isPrivatePath = (path: string) => {
  // my48 in Irish and Polish (/ga/my48, /pl/my48) is as private as in English.
  const unprefixed = unlocalisedPath(path);
  return PRIVATE_PREFIXES.some((prefix) => [path, unprefixed].some((p) => p === prefix || p.startsWith(`${prefix}/`)));
};

/**
 * A page's content type, by where its collection's pages live (src/pages): one key per type, so
 * an operator can purge all of the blog, say, in one request.
 */
const TYPES: [prefix: string, type: string][] = [
  ['/blog/', 'blog'],
  ['/help/', 'help'],
  ['/legal/', 'legal'],
  ['/unlock-your-phone/', 'unlock'],
  ['/charges/', 'charges'],
  ['/api/cms/', 'cms'],
  ['/cms/', 'cms'],
  ['/_astro/', 'asset'],
];
export function typeKey(file: string): string {
  const found = TYPES.find(([prefix]) => file.startsWith(prefix));
  if (found) return `type-${found[1]}`;
  return file.endsWith('.html') ? 'type-page' : 'type-file';
}

/**
 * One key per file of the site (every URL that answers with it: /help, /help/, /help/index.html).
 * Hashed, so that every CDN takes it (Cloudflare and Bunny tags, Fastly keys, a Varnish ban's
 * regular expression) whatever characters the path holds.
 */
export const pageKey = (file: string) => `page-${createHash('sha256').update(file).digest('hex').slice(0, 16)}`;

/** The keys a file's answer carries, most general first. */
export const keysOf = (file: string): string[] => [SITE_KEY, typeKey(file), pageKey(file)];

/** Headers naming the keys, in the forms the CDNs read: Fastly and Varnish, Cloudflare, Bunny. */
export function keyHeaders(keys: string[]): Record<string, string> {
  return { 'surrogate-key': keys.join(' '), 'cache-tag': keys.join(','), 'cdn-tag': keys.join(',') };
}

/** What a file of the built site is answered with: its Cache-Control and, when a cache may keep it, its keys. */
export function filePolicy(file: string, status: 200 | 404, sharedMaxAgeS?: number): Record<string, string> {
  if (file.startsWith('/_astro/')) return { 'cache-control': IMMUTABLE };
  if (status === 404) return { 'cache-control': MISSING, ...keyHeaders([SITE_KEY, MISSING_KEY]) };
  if (isPrivatePath(file)) return { 'cache-control': PRIVATE };
  return { 'cache-control': shared(sharedMaxAgeS), ...keyHeaders(keysOf(file)) };
}

/** Whether a Cache-Control lets a shared cache store the answer (RFC 9111: not private, no-store, nor s-maxage=0 alone). */
export function sharedCacheable(cacheControl: string | null | undefined): boolean {
  if (!cacheControl) return false;
  const directives = cacheControl
    .toLowerCase()
    .split(',')
    .map((d) => d.trim());
  if (directives.some((d) => d === 'private' || d.startsWith('private=') || d === 'no-store' || d === 'no-cache'))
    return false;
  return directives.some((d) => d === 'public' || /^s-maxage=[1-9]/.test(d) || /^max-age=[1-9]/.test(d));
}
