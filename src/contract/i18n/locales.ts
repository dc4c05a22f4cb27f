/**
 * The portal's languages (docs/product/languages.md): English at today's paths, Irish under /ga and
 * Polish under /pl. A locale is the path's first segment; its language tag is what <html lang>,
 * hreflang and Intl take.
 */
export const LOCALES = ['en', 'ga', 'pl'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';
/** The locales with a path prefix of their own. */
export const PREFIXED_LOCALES = LOCALES.filter((l) => l !== DEFAULT_LOCALE);

export const LANGUAGE_TAG: Record<Locale, string> = { en: 'en-IE', ga: 'ga-IE', pl: 'pl-PL' };
/** Each language by its own name, as a switch offers it. */
export const LANGUAGE_NAME: Record<Locale, string> = { en: 'English', ga: 'Gaeilge', pl: 'Polski' };

/** The visitor's choice of language (a necessary cookie: it only keeps a choice the visitor made). */
export const LANG_COOKIE = 'lang';

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The locale a path is in: its first segment when that is a prefixed locale, else English. */
export function localeOfPath(pathname: string): Locale {
  const first = pathname.split('/')[1];
  return isLocale(first) && first !== DEFAULT_LOCALE ? first : DEFAULT_LOCALE;
}

/** The path without its locale prefix ("/pl/memberships" → "/memberships", "/ga" → "/"). */
export function unlocalisedPath(pathname: string): string {
  const locale = localeOfPath(pathname);
  if (locale === DEFAULT_LOCALE) return pathname || '/';
  return pathname.slice(locale.length + 1) || '/';
}

/** The same page in `locale` ("/memberships" in Polish → "/pl/memberships", "/" → "/pl/"). */
export function pathIn(locale: Locale, pathname: `/${string}`): `/${string}`;
export function pathIn(locale: Locale, pathname: string): string;
export function pathIn(locale: Locale, pathname: string): string {
  const path = unlocalisedPath(pathname);
  if (locale === DEFAULT_LOCALE) return path;
  return path === '/' ? `/${locale}/` : `/${locale}${path}`;
}

/** The locale a language tag or an Accept-Language list asks for first, of those we have. */
export function localeOfTags(tags: readonly string[]): Locale | undefined {
  for (const tag of tags) {
    const base = tag.trim().split(/[-_;]/)[0]?.toLowerCase();
    if (isLocale(base)) return base;
  }
  return undefined;
}
