import { getCollection, type CollectionEntry, type CollectionKey } from 'astro:content';

/** A page per entry of a collection, at the entry's id (a [slug] page's getStaticPaths); filter leaves some out. */
export async function entryPaths<C extends CollectionKey>(
  collection: C,
  filter?: (entry: CollectionEntry<C>) => boolean,
) {
  const entries = filter ? await getCollection(collection, filter) : await getCollection(collection);
  return entries.map((entry) => ({ params: { slug: entry.id }, props: { entry } }));
}
