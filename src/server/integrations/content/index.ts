import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * What the server needs from the published content: the dated offers and the student domains.
 * Editors change them in the CMS; the site's build publishes them as JSON under /api/cms/, and
 * the server reads that published JSON (again whenever the file changes, so a rebuild is picked
 * up without a restart). Tests pass their own.
 */
export interface Promotion {
  heading: string;
  body: string;
  enabled: 'true' | 'false';
  starts?: string;
  ends: string;
  purchase_deadline?: string;
}
export interface Promotions {
  'back-to-school': Promotion;
  'one-month-free': Promotion;
}

export interface PublishedContent {
  promotions(): Promise<Promotions>;
  studentDomains(): Promise<string[]>;
}

/** Reads a JSON file, cached until its modification time changes. */
function cachedJson<T>(path: string): () => Promise<T> {
  let cache: { mtimeMs: number; value: T } | undefined;
  return async () => {
    const { mtimeMs } = await stat(path);
    if (cache?.mtimeMs !== mtimeMs) cache = { mtimeMs, value: JSON.parse(await readFile(path, 'utf8')) as T };
    return cache.value;
  };
}

export function publishedContent(distDir: string): PublishedContent {
  const promotions = cachedJson<Promotions>(join(distDir, 'api/cms/offers/promotions.json'));
  const domains = cachedJson<{ domain: string }[]>(join(distDir, 'api/cms/offers_domains/student.json'));
  return {
    promotions,
    studentDomains: async () => (await domains()).map((d) => d.domain.toLowerCase()),
  };
}
