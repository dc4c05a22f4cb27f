import { createClient, type SanityClient } from '@sanity/client';

/**
 * Where each content collection comes from, once: the files of content/ (the embedded CMS) and
 * the Sanity document type that holds the same entries. content.config.ts picks the loader from
 * this, the NDJSON export walks it, the Sanity schema (sanity/schema.ts) is made from it, and the
 * API reads the published charges by it (server/integrations/content).
 */
export type Source =
  /** Markdown files with front matter: one entry each, the body rendered. */
  | { collection: string; type: string; kind: 'markdown'; dir: string; pattern: string }
  /** YAML files: one entry each. */
  | { collection: string; type: string; kind: 'files'; dir: string; pattern: string }
  /** One YAML file holding a list of entries, each with its `id`. */
  | { collection: string; type: string; kind: 'yaml'; file: string };

export const sources = [
  { collection: 'pages', type: 'page', kind: 'markdown', dir: 'pages', pattern: '**/*.md' },
  { collection: 'legal', type: 'legalPage', kind: 'markdown', dir: 'legal', pattern: '**/*.md' },
  { collection: 'help', type: 'helpTopic', kind: 'markdown', dir: 'help', pattern: '**/*.md' },
  { collection: 'blog', type: 'blogPost', kind: 'markdown', dir: 'blog', pattern: '*.md' },
  { collection: 'unlock', type: 'unlockGuide', kind: 'markdown', dir: 'unlock', pattern: '**/*.md' },
  { collection: 'charges', type: 'chargesPage', kind: 'files', dir: 'charges', pattern: '*.yaml' },
  { collection: 'faq', type: 'faq', kind: 'yaml', file: 'faq.yaml' },
  { collection: 'plans', type: 'plan', kind: 'yaml', file: 'plans.yaml' },
  { collection: 'fees', type: 'fee', kind: 'yaml', file: 'fees.yaml' },
  { collection: 'offers', type: 'offer', kind: 'yaml', file: 'offers.yaml' },
  { collection: 'carousel', type: 'carouselSlide', kind: 'yaml', file: 'login-carousel.yaml' },
  { collection: 'studentDomains', type: 'studentDomain', kind: 'yaml', file: 'student-domains.yaml' },
  { collection: 'coverage', type: 'coverageArea', kind: 'yaml', file: 'coverage.yaml' },
  { collection: 'promotions', type: 'promotion', kind: 'yaml', file: 'promotions.yaml' },
  { collection: 'site', type: 'siteSettings', kind: 'yaml', file: 'site.yaml' },
  /** A list's words in another language: one document per language and list (`ga/plans`), by item id. */
  { collection: 'translations', type: 'listTranslation', kind: 'files', dir: 'translations', pattern: '**/*.yaml' },
] as const satisfies readonly Source[];

export type SourceOf<C extends string> = Extract<(typeof sources)[number], { collection: C }>;

export function sourceOf<C extends (typeof sources)[number]['collection']>(collection: C): SourceOf<C> {
  return sources.find((s) => s.collection === collection) as SourceOf<C>;
}

/** Sanity's settings when content comes from it (both names set), else undefined: content/ is used. */
export interface SanitySettings {
  projectId: string;
  dataset: string;
  token?: string | undefined;
  /** Another API host (a local stand-in in tests); Sanity's own otherwise. */
  apiHost?: string | undefined;
}

export function sanitySettings(env: Record<string, string | undefined>): SanitySettings | undefined {
  const { SANITY_PROJECT_ID: projectId, SANITY_DATASET: dataset } = env;
  if (!projectId || !dataset) return undefined;
  return {
    projectId,
    dataset,
    token: env['SANITY_API_TOKEN'] || undefined,
    apiHost: env['SANITY_API_HOST'] || undefined,
  };
}

/** The API version the queries are written against (Sanity dates its API). */
export const SANITY_API_VERSION = '2025-02-19';

/** The published documents of one type: drafts are never built, nor priced by. */
export const QUERY = '*[_type == $type && !(_id in path("drafts.**"))] | order(entryId asc)';

/** A client of Sanity's query API that reads what editors published, fresh (not the CDN's copy of a moment ago). */
export function sanityClient(settings: SanitySettings): SanityClient {
  return createClient({
    projectId: settings.projectId,
    dataset: settings.dataset,
    apiVersion: SANITY_API_VERSION,
    useCdn: false,
    perspective: 'published',
    ...(settings.token ? { token: settings.token } : {}),
    ...(settings.apiHost ? { apiHost: settings.apiHost, useProjectHostname: false } : {}),
  });
}
