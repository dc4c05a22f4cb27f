import { readdirSync, readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { QUERY, sanityClient, sourceOf, type SanitySettings } from '../../../contract/content-sources.ts';
import type { Locale } from '../../../contract/i18n/locales.ts';

/**
 * What the server needs from the published content: the dated offers and the student domains,
 * which the site's build publishes as JSON under /api/cms/ (read again whenever the file changes, so
 * a rebuild is picked up without a restart); and the charges, read from where they are edited (the
 * CMS, or the content/ folder), so that rating needs no build of the site. Tests pass their own.
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
/** The dated offers' words in another language, by locale and id: what the translation has. */
export type PromotionWords = Partial<
  Record<Locale, Partial<Record<keyof Promotions, { heading?: string | undefined; body?: string | undefined }>>>
>;

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
  /** The dated offers' words in the other languages (none before a build that publishes them). */
  promotionWords(): Promise<PromotionWords>;
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

/** How long charges held are used before they are read again (a publish reaches every instance within it). */
export const CHARGES_FRESH_MS = 60_000;

/** The charges tables as the rating reads them: checked when read, so a bad edit never prices a use. */
const ChargesTableShape = z.array(
  z.object({
    id: z.string().min(1),
    heading: z.string().min(1),
    columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })).min(1),
    zones: z
      .array(
        z.object({
          zone: z.string().min(1),
          key: z.string().min(1).optional(),
          rates: z.record(z.string(), z.union([z.number().nonnegative(), z.enum(['included', 'not available'])])),
        }),
      )
      .min(1),
  }),
);

let ratingCheck: ((tables: ChargesTable[]) => void) | undefined;
/**
 * The rating's own check of the charges (money's price list: every rate it charges by present),
 * said where the rating is declared: a set it refuses is never held, so a fixed publish is read at once.
 */
export function checkChargesBy(check: (tables: ChargesTable[]) => void): void {
  ratingCheck = check;
}

/**
 * The published charges held in memory: read from their source on first use and again once they are
 * a minute old (the old ones answer meanwhile); checked against the tables' shape and by `check` (the
 * rating's own: every rate it charges by present). Until a first read succeeds, `charges()` refuses
 * with ChargesUnavailable (the listener answers 503, `/panda/ready` says not ready).
 */
function heldCharges(read: () => ChargesTable[] | Promise<ChargesTable[]>, check?: (tables: ChargesTable[]) => void) {
  let held: { at: number; value: ChargesTable[] } | undefined;
  let reading: Promise<ChargesTable[]> | undefined;
  const readOnce = async () => {
    try {
      const parsed = ChargesTableShape.safeParse(await read());
      if (!parsed.success)
        throw new Error(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; '));
      const value = parsed.data as ChargesTable[];
      (check ?? ratingCheck)?.(value);
      held = { at: Date.now(), value };
      return value;
    } catch (error) {
      throw error instanceof ChargesUnavailable
        ? error
        : new ChargesUnavailable(`the published charges could not be read: ${String(error)}`);
    }
  };
  // One read at a time; forgotten once settled (after it is stored: a source that throws at once too).
  const readNow = () => {
    if (!reading) {
      const current = readOnce();
      reading = current;
      void current.then(
        () => (reading = undefined),
        () => (reading = undefined),
      );
    }
    return reading;
  };
  return async (): Promise<ChargesTable[]> => {
    if (!held) return readNow();
    // Stale: read again behind the answer; a failed read keeps the last good charges.
    if (Date.now() - held.at > CHARGES_FRESH_MS) void readNow().catch(() => undefined);
    return held.value;
  };
}

/**
 * `distDir`: the built site (the offers' dates and the student domains). `charges`: where the
 * charges come from (the content/ folder, or the CMS), never the build: an API-only instance, or one
 * started before a build, rates use as soon as they are read.
 */
export function publishedContent(
  distDir: string,
  sources: { charges: () => ChargesTable[] | Promise<ChargesTable[]>; checkCharges?: (tables: ChargesTable[]) => void },
): PublishedContent {
  const promotions = cachedJson<Promotions>(join(distDir, 'api/cms/offers/promotions.json'));
  const domains = cachedJson<{ domain: string }[]>(join(distDir, 'api/cms/offers_domains/student.json'));
  const words = cachedJson<PromotionWords>(join(distDir, 'api/cms/offers/promotion_words.json'));
  return {
    promotions,
    // A build from before the translations has no file: the offers are said in English.
    promotionWords: () =>
      words().catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return {};
        throw error;
      }),
    studentDomains: async () => (await domains()).map((d) => d.domain.toLowerCase()),
    charges: heldCharges(sources.charges, sources.checkCharges),
  };
}

/** The charges pages' documents as Sanity holds them (the same fields as the files, named by `entryId`). */
export function chargesFromSanity(settings: SanitySettings): () => Promise<ChargesTable[]> {
  const client = sanityClient(settings);
  return async () => {
    const documents = await client.fetch<({ entryId: string } & Record<string, unknown>)[]>(QUERY, {
      type: sourceOf('charges').type,
    });
    return documents.map(({ entryId, ...fields }) => ({ ...fields, id: entryId }) as unknown as ChargesTable);
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
