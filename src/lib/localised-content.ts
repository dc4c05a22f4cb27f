import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import { DEFAULT_LOCALE, localeOfPath, type Locale } from '../contract/i18n/locales.ts';

/*
 * Content in the page's language (docs/product/languages.md): a document per language, its id the
 * English one's under the locale (`ga/index`). An entry not yet translated is the English one, and
 * says so (`fallback`), so the page marks it as English and tells the reader in their language.
 */

type Documents = 'pages' | 'site' | 'legal' | 'help' | 'unlock';
type Localised<C extends Documents> = { entry: CollectionEntry<C>; fallback: boolean };

/** An entry of the English original (`terms-and-conditions`), not a document in another language (`pl/…`). */
export const isOriginal = (entry: { id: string }): boolean => localeOfPath(`/${entry.id}`) === DEFAULT_LOCALE;

export async function localisedEntry<C extends Documents>(
  collection: C,
  id: string,
  locale: Locale,
): Promise<Localised<C>> {
  if (locale !== DEFAULT_LOCALE) {
    const own = (await getEntry(collection, `${locale}/${id}`)) as CollectionEntry<C> | undefined;
    if (own) return { entry: own, fallback: false };
  }
  const english = (await getEntry(collection, id)) as CollectionEntry<C> | undefined;
  if (!english) throw new Error(`no ${collection} entry "${id}"`);
  return { entry: english, fallback: locale !== DEFAULT_LOCALE };
}

type Item = CollectionEntry<'translations'>['data']['items'][number];

/** A list's entries with their words in `locale` where a translation names them (`translated` says which). */
export async function localisedList<C extends 'plans' | 'offers' | 'faq'>(
  collection: C,
  locale: Locale,
  filter?: (entry: CollectionEntry<C>) => boolean,
): Promise<{ id: string; data: CollectionEntry<C>['data']; translated: boolean }[]> {
  const entries = (await getCollection(collection)) as CollectionEntry<C>[];
  const words =
    locale === DEFAULT_LOCALE ? undefined : (await getEntry('translations', `${locale}/${collection}`))?.data.items;
  return entries
    .filter((e) => !filter || filter(e))
    .map((e) => {
      const item = words?.find((w: Item) => w.id === e.id);
      return { id: e.id, data: item ? merge(e.data, item) : e.data, translated: locale === DEFAULT_LOCALE || !!item };
    });
}

/** The English entry with the translated words over it: only fields the entry has, so no price or date can change. */
function merge<D extends object>(data: D, item: Item): D {
  const out = { ...(data as Record<string, unknown>) };
  const { id: _id, label, ...fields } = item;
  void _id;
  for (const [key, value] of Object.entries(fields)) if (key in out && value !== undefined) out[key] = value;
  if (label && typeof out['action'] === 'object' && out['action'])
    out['action'] = { ...(out['action'] as object), label };
  return out as D;
}

/** The words of every charges table in `locale` (lib/localised-charges.ts; none in English). */
export async function chargesWordsIn(locale: Locale): Promise<Item[]> {
  if (locale === DEFAULT_LOCALE) return [];
  return (await getEntry('translations', `${locale}/charges`))?.data.items ?? [];
}
