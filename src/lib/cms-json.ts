import { getCollection, getEntry, render, type CollectionEntry } from 'astro:content';
import { PREFIXED_LOCALES } from '../contract/i18n/locales.ts';
import { metaKeyOf, urlOf, type RoutableCollection } from './content-urls.ts';

/**
 * The embedded CMS published as static JSON for the calls of spec section 7 "Content and
 * catalogue". Drupal-style answers are arrays of records, which is why the login carousel is
 * read at body[0].field_login_carousels_export.
 */
export const routable: RoutableCollection[] = ['pages', 'legal', 'help', 'blog', 'unlock', 'charges'];

type Routable = CollectionEntry<RoutableCollection>;

async function htmlOf(entry: Routable): Promise<string | null> {
  if (entry.collection === 'charges') return null;
  const rendered = entry.rendered ?? null;
  if (rendered) return rendered.html;
  await render(entry);
  return entry.rendered?.html ?? null;
}

export async function routableEntries(): Promise<Routable[]> {
  const lists = await Promise.all(routable.map((name) => getCollection(name)));
  return lists.flat() as Routable[];
}

/** Every published document, keyed by its CMS path. */
export async function cmsDocuments(): Promise<Map<string, unknown>> {
  const docs = new Map<string, unknown>();
  for (const entry of await routableEntries()) {
    docs.set(`${entry.collection}/${entry.id}`, [
      { id: entry.id, url: urlOf(entry.collection, entry.id), ...entry.data, body_html: await htmlOf(entry) },
    ]);
  }
  const carousel = (await getCollection('carousel')).map((e) => e.data).sort((a, b) => a.order - b.order);
  docs.set('login/login-carousel', [{ field_login_carousels_export: carousel }]);
  docs.set(
    'offers_domains/student',
    (await getCollection('studentDomains')).map((e) => e.data),
  );
  docs.set(
    'faq/faq',
    (await getCollection('faq')).map((e) => ({ id: e.id, ...e.data })),
  );
  docs.set(
    'plans/plans',
    (await getCollection('plans')).map((e) => e.data),
  );
  docs.set(
    'coverage/areas',
    (await getCollection('coverage')).map((e) => e.data).sort((a, b) => a.key.localeCompare(b.key)),
  );
  // The rates the server charges use at (docs/product/money.md): every charges table, keyed rows.
  docs.set(
    'rates/charges',
    (await getCollection('charges')).map((e) => ({
      id: e.id,
      heading: e.data.heading,
      columns: e.data.columns,
      zones: e.data.zones.map(({ zone, key, rates }) => ({ zone, key, rates })),
    })),
  );
  docs.set('offers/promotions', Object.fromEntries((await getCollection('promotions')).map((e) => [e.id, e.data])));
  // The dated offers' words in each other language, by id (their dates stay in the English entries).
  docs.set(
    'offers/promotion_words',
    Object.fromEntries(
      await Promise.all(
        PREFIXED_LOCALES.map(async (locale) => {
          const items = (await getEntry('translations', `${locale}/promotions`))?.data.items ?? [];
          return [locale, Object.fromEntries(items.map(({ id, heading, body }) => [id, { heading, body }]))];
        }),
      ),
    ),
  );
  docs.set(
    'offers/offers',
    (await getCollection('offers')).map((e) => ({ id: e.id, ...e.data })),
  );
  return docs;
}

/** Title, keywords and description of every public URL, keyed as /cms/meta/tags/{path}. */
export async function metaTags(): Promise<Map<string, { title: string; description: string; keywords: string[] }>> {
  const tags = new Map<string, { title: string; description: string; keywords: string[] }>();
  for (const entry of await routableEntries()) {
    const { title, description, keywords } = entry.data;
    tags.set(metaKeyOf(urlOf(entry.collection, entry.id)), { title, description, keywords });
  }
  return tags;
}

export function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json; charset=utf-8' } });
}
