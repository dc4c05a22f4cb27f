import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import {
  chargesFromFiles,
  type Promotions,
  type PublishedContent,
} from '../../../src/server/integrations/content/index.ts';

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
  return {
    promotions: async () => ({ ...promotions, ...override }),
    studentDomains: async () => domains,
    charges: async () => charges,
  };
}
