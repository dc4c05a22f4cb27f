import type { SanityClient } from '@sanity/client';
import type { Loader } from 'astro/loaders';
import { QUERY } from '../contract/content-sources.ts';
export { sanityClient } from '../contract/content-sources.ts';

/** What every exported or edited document carries besides its fields. */
interface SanityDocument {
  _id: string;
  _type: string;
  /** The entry's id in the collection (the file's path in content/, or the list item's id). */
  entryId: string;
  /** Markdown collections: the text below the front matter. */
  body?: string;
  [field: string]: unknown;
}

/**
 * An Astro content loader over one Sanity document type. Every document is validated by the
 * collection's own schema (the same as for the files), so a bad edit stops the build with the
 * field and the entry named, and the live site stays as it was.
 */
export function sanityLoader(client: SanityClient, type: string, { markdown }: { markdown: boolean }): Loader {
  return {
    name: `sanity:${type}`,
    load: async ({ store, parseData, renderMarkdown, generateDigest, logger }) => {
      const documents = await client.fetch<SanityDocument[]>(QUERY, { type });
      store.clear();
      for (const document of documents) {
        const { _id, _type, _rev, _createdAt, _updatedAt, entryId, ...rest } = document;
        void [_type, _rev, _createdAt, _updatedAt];
        // A markdown entry's text is its body; in other collections `body` is a field like any other.
        const { body, ...fields } = markdown ? rest : { ...rest, body: undefined };
        if (!markdown && rest['body'] !== undefined) fields['body'] = rest['body'];
        if (typeof entryId !== 'string' || !entryId) throw new Error(`Sanity document ${_id} (${type}) has no entryId`);
        const data = await parseData({ id: entryId, data: fields });
        const digest = generateDigest(document as unknown as Record<string, unknown>);
        if (markdown)
          store.set({ id: entryId, data, digest, body: body ?? '', rendered: await renderMarkdown(body ?? '') });
        else store.set({ id: entryId, data, digest });
      }
      logger.info(`${documents.length} ${type} documents from Sanity`);
    },
  };
}
