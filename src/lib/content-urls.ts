import { DEFAULT_LOCALE, localeOfPath, pathIn } from '../contract/i18n/locales.ts';

/**
 * Where each content collection's entries are published. One mapping, shared by the
 * pages, the sitemap and the CMS meta-tag JSON, so a URL is never spelled twice.
 */
export type RoutableCollection = 'pages' | 'legal' | 'help' | 'blog' | 'unlock' | 'charges';

export function urlOf(collection: RoutableCollection, id: string): string {
  // A document in another language (`pl/terms-and-conditions`, `ga/index`) is the English one's page
  // in that language (docs/product/languages.md).
  const locale = localeOfPath(`/${id}`);
  if (locale !== DEFAULT_LOCALE) return pathIn(locale, urlOf(collection, id.slice(locale.length + 1)));
  switch (collection) {
    case 'pages':
      if (id === 'index') return '/';
      if (id === 'static/html/iwf/block') return '/static/html/iwf/block.html';
      if (id === 'payment-gateway') return '/payment-gateway/';
      return `/${id}`;
    case 'help':
      return id === 'index' ? '/help' : `/help/${id}`;
    case 'unlock':
      return `/unlock-your-phone/${id}`;
    default:
      return `/${collection}/${id}`;
  }
}

/** Pages that are frames of private or transient screens: left out of the site's page lists, as of sitemap.xml. */
export const UNLISTED_PAGES: ReadonlySet<string> = new Set([
  '404',
  'log-out',
  'my48',
  'payment-gateway',
  'orders',
  'sign-up-confirmed',
  'marketing-permissions',
  'static/html/iwf/block',
]);

/** The key of a URL in /cms/meta/tags/{path}: the path without slashes at the ends, `home` for /. */
export function metaKeyOf(url: string): string {
  const key = url.replace(/^\/+|\/+$/g, '');
  return key === '' ? 'home' : key;
}
