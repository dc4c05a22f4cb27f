import { pathIn, unlocalisedPath, type Locale } from './locales.ts';

/**
 * Pages that are their content document alone (`<ContentPage entry="about-us" />`): in every locale
 * through one route (`[locale]/[page].astro`), each in its document in the language where it has
 * one, else in English, said so. A page that gains more than its document leaves this list.
 */
export const CONTENT_PAGES: readonly string[] = [
  'about-us',
  'benefits',
  'why-join-48',
  'technologies',
  'customer-charter',
  'customer-notice',
  'download-48-app',
  'instore',
  'free-sim',
  'recruit-and-reward',
];

/**
 * The public pages that exist in every locale (/ga/…, /pl/…). A page joins once its words are in
 * the catalogue and its content has a document per language; until then it is English only, and a
 * language switch on it leads to the chosen language's home page.
 */
export const LOCALISED_PATHS: readonly string[] = [
  '/',
  '/memberships',
  '/log-in',
  '/sign-up',
  '/sign-up-confirmed',
  '/marketing-permissions',
  '/forgot-password',
  '/activate-sim',
  '/contact-us',
  '/faqs',
  '/coverage-checker',
  '/order-free-sim',
  '/orders',
  '/this-wasnt-me',
  '/gift-shop',
  '/need-a-device',
  '/student-offer',
  '/payment-gateway',
  '/campaign',
  '/claim-campaign-vouchers',
  '/feelsmug',
  '/friend',
  '/refer',
  '/sitemap',
  '/cookies-details',
  ...CONTENT_PAGES.map((page) => `/${page}`),
];

/**
 * Areas in every language at every address under them: my48 (one shell per language, the app's
 * screens in its words, and the help desk's sign-in page); the legal texts (each in its translation
 * where it is current, else in English, which binds); help, the unlocking guides and the charges
 * tables (each in its translation, else in English, said so).
 */
const LOCALISED_AREAS: readonly string[] = ['/my48', '/legal', '/help', '/unlock-your-phone', '/charges'];

/** A path as the list has it: no locale prefix, no trailing slash but the root's. */
export const pagePath = (pathname: string): string => unlocalisedPath(pathname).replace(/(.)\/$/, '$1') || '/';

export function isLocalised(pathname: string): boolean {
  const path = pagePath(pathname);
  if (LOCALISED_PATHS.includes(path)) return true;
  return LOCALISED_AREAS.some((area) => path === area || path.startsWith(`${area}/`));
}

/** A link on a page in `locale`: to the page in that language where it has one, else to the English page. */
export const localHref = (locale: Locale, path: string): string => (isLocalised(path) ? pathIn(locale, path) : path);

/** An address of the site with its query or fragment ("/payment-gateway/?checkout=…") in `locale`, where the page has one. */
export function localUrl(locale: Locale, url: string): string {
  const at = url.search(/[?#]/);
  return at < 0 ? localHref(locale, url) : localHref(locale, url.slice(0, at)) + url.slice(at);
}
