import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';

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

/** One table of the charges pages (content/charges), as published: the rates the portal charges use at. */
export interface ChargesTable {
  id: string;
  heading: string;
  columns: { key: string; label: string; unit: string }[];
  zones: { zone: string; key?: string | undefined; rates: Record<string, number | 'included' | 'not available'> }[];
}

/**
 * The published charges could not be read, or lack a rate the server charges by: no use can be
 * priced until they are (the listener answers 503 and the network sends its events again).
 */
export class ChargesUnavailable extends Error {}

export interface PublishedContent {
  promotions(): Promise<Promotions>;
  studentDomains(): Promise<string[]>;
  /** The charges pages' tables: what use beyond an allowance costs (docs/product/money.md). */
  charges(): Promise<ChargesTable[]>;
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
  const charges = cachedJson<ChargesTable[]>(join(distDir, 'api/cms/rates/charges.json'));
  // Every use at the listener asks for the charges: the file is looked at again at most once a second.
  let recent: { at: number; value: Promise<ChargesTable[]> } | undefined;
  return {
    promotions,
    studentDomains: async () => (await domains()).map((d) => d.domain.toLowerCase()),
    charges: () => {
      const now = Date.now();
      if (!recent || now - recent.at > 1000) {
        const value = charges().catch((error: unknown) => {
          throw new ChargesUnavailable(`the published charges could not be read: ${String(error)}`);
        });
        recent = { at: now, value };
        value.catch(() => recent?.value === value && (recent = undefined));
      }
      return recent.value;
    },
  };
}

/**
 * The charges tables straight from the content folder's YAML (what the build publishes): for the
 * tests and the module rules' own tests, which run before any build.
 */
export function chargesFromFiles(dir = 'content'): ChargesTable[] {
  return readdirSync(join(dir, 'charges'))
    .filter((f) => f.endsWith('.yaml'))
    .sort()
    .map((f) => ({ id: f.replace(/\.yaml$/, ''), ...(parse(readFileSync(join(dir, 'charges', f), 'utf8')) as object) }))
    .map((t) => t as ChargesTable);
}
