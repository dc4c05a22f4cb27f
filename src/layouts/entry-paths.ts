import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';
import { PREFIXED_LOCALES } from '../contract/i18n/locales.ts';
import { isOriginal } from '../lib/localised-content.ts';

/** A page per entry of a collection, at the entry's id (a [slug] page's getStaticPaths); filter leaves some out. */
export async function entryPaths<C extends CollectionKey>(
  collection: C,
  filter?: (entry: CollectionEntry<C>) => boolean,
) {
  const entries = filter ? await getCollection(collection, filter) : await getCollection(collection);
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}

/**
 * A page per English entry of a collection in each other language (a `[locale]/…/[slug]` page's
 * getStaticPaths): the entry is the English one, the page finds its translation (docs/product/languages.md).
 */
export async function entryPathsInLocales<C extends 'legal' | 'help' | 'unlock' | 'charges'>(
  collection: C,
  filter: (entry: CollectionEntry<C>) => boolean = () => true,
) {
  const entries = await getCollection(collection, (e: CollectionEntry<C>) => isOriginal(e) && filter(e));
  return PREFIXED_LOCALES.flatMap((locale) =>
    entries.map((entry) => ({ params: { locale, slug: entry.id }, props: { entry } })),
  );
}
