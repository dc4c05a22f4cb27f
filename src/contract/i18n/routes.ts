import { pathIn, unlocalisedPath, type Locale } from './locales.ts';

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
  '/forgot-password',
  '/activate-sim',
];

/** A path as the list has it: no locale prefix, no trailing slash but the root's. */
export const pagePath = (pathname: string): string => unlocalisedPath(pathname).replace(/(.)\/$/, '$1') || '/';

export const isLocalised = (pathname: string): boolean => LOCALISED_PATHS.includes(pagePath(pathname));

/** A link on a page in `locale`: to the page in that language where it has one, else to the English page. */
export const localHref = (locale: Locale, path: string): string => (isLocalised(path) ? pathIn(locale, path) : path);
