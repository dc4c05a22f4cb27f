import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  chargesFromFiles,
  type PromotionWords,
  type Promotions,
  type PublishedContent,
} from '../../../src/server/integrations/content/index.ts';
import { PREFIXED_LOCALES } from '../../../src/contract/i18n/locales.ts';

/** The published content as the API reads it, taken straight from content/ (the API suite runs before any build). */
export function contentFiles(dir = 'content', override: Partial<Promotions> = {}): PublishedContent {
  const promotions = Object.fromEntries(
    (parse(readFileSync(`${dir}/promotions.yaml`, 'utf8')) as ({ id: string } & Record<string, unknown>)[]).map(
      ({ id, ...rest }) => [
        id,
        Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, v instanceof Date ? v.toISOString() : String(v)])),
      ],
    ),
  ) as unknown as Promotions;
  const domains = (parse(readFileSync(`${dir}/student-domains.yaml`, 'utf8')) as { domain: string }[]).map(
    (d) => d.domain,
  );
  const charges = chargesFromFiles(dir);
  const words: PromotionWords = Object.fromEntries(
    PREFIXED_LOCALES.map((locale) => {
      const file = `${dir}/translations/${locale}/promotions.yaml`;
      const items = existsSync(file)
        ? (parse(readFileSync(file, 'utf8')) as { items: { id: string; heading?: string; body?: string }[] }).items
        : [];
      return [locale, Object.fromEntries(items.map(({ id, heading, body }) => [id, { heading, body }]))];
    }),
  );
  return {
    promotions: async () => ({ ...promotions, ...override }),
    promotionWords: async () => words,
    studentDomains: async () => domains,
    charges: async () => charges,
  };
}
