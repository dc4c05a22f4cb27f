import { defineCollection } from 'astro:content';
import { file, glob } from 'astro/loaders';
import { z } from 'astro/zod';
import { IRELAND_BOUNDS } from './contract/coverage.ts';
import { sanityClient, sanityLoader } from './cms/sanity-loader.ts';
import { sanitySettings, sourceOf, type Source } from './contract/content-sources.ts';

// The embedded CMS lives in content/ at the project root. CONTENT_DIR lets a test build
// the site from a copy (for example one with a broken file) without touching the real one.
const root = process.env.CONTENT_DIR ?? './content';

// With SANITY_PROJECT_ID and SANITY_DATASET, every collection loads from Sanity instead
// (docs/product/operations.md), validated by the same schemas; cms/sources.ts says which type holds which.
const sanity = sanitySettings(process.env);
const client = sanity ? sanityClient(sanity) : undefined;

/** The loader of a collection: its Sanity document type when Sanity is configured, else its files. */
function from(source: Source) {
  if (client) return sanityLoader(client, source.type, { markdown: source.kind === 'markdown' });
  if (source.kind === 'yaml') return file(`${root}/${source.file}`);
  return glob({ pattern: source.pattern, base: `${root}/${source.dir}` });
}

const keywords = z.array(z.string().min(1)).min(1);

/** Fields every routable entry carries, so each page gets its title, keywords and description. */
const seo = {
  title: z.string().min(1).max(70),
  description: z.string().min(20).max(200),
  keywords,
};

const link = z.object({ label: z.string().min(1), href: z.string().min(1) });

const pages = defineCollection({
  loader: from(sourceOf('pages')),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    lead: z.string().optional(),
    actions: z.array(link).default([]),
  }),
});

const legal = defineCollection({
  loader: from(sourceOf('legal')),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    updated: z.coerce.date(),
    competition: z.boolean().default(false),
  }),
});

const help = defineCollection({
  loader: from(sourceOf('help')),
  schema: z.object({ ...seo, heading: z.string().min(1), summary: z.string().min(1), order: z.number().int() }),
});

const blog = defineCollection({
  loader: from(sourceOf('blog')),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    published: z.coerce.date(),
    author: z.string().min(1),
    excerpt: z.string().min(1),
  }),
});

const unlock = defineCollection({
  loader: from(sourceOf('unlock')),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    kind: z.enum(['provider', 'faq', 'home']),
    provider: z.string().optional(),
    order: z.number().int().default(0),
  }),
});

const rate = z.union([z.number().nonnegative(), z.literal('included'), z.literal('not available')]);

const charges = defineCollection({
  loader: from(sourceOf('charges')),
  schema: z.object({
    ...seo,
    heading: z.string().min(1),
    intro: z.string().min(1),
    order: z.number().int(),
    columns: z.array(z.object({ key: z.string(), label: z.string(), unit: z.string() })).min(1),
    zones: z
      .array(
        z.object({
          zone: z.string().min(1),
          /**
           * What the server's rating knows the row by (docs/product/money.md, "Use paid from credit"),
           * and a translation (a row without one stays English).
           */
          key: z.string().min(1).optional(),
          countries: z.array(z.string().min(1)).min(1),
          rates: z.record(z.string(), rate),
        }),
      )
      .min(1),
    notes: z.array(z.string()).default([]),
  }),
});

const faq = defineCollection({
  loader: from(sourceOf('faq')),
  schema: z.object({ category: z.string().min(1), question: z.string().min(5), answer: z.string().min(5) }),
});

const plans = defineCollection({
  loader: from(sourceOf('plans')),
  schema: z.object({
    sku: z.string().regex(/^[A-Za-z0-9_]+$/),
    name: z.string().min(1),
    price_cents: z.number().int().nonnegative(),
    days: z.number().int().positive(),
    data_gb: z.union([z.number().positive(), z.literal('unlimited')]),
    fair_usage_gb: z.number().positive().optional(),
    minutes: z.union([z.number().int().nonnegative(), z.literal('unlimited')]),
    landline_minutes: z.union([z.number().int().nonnegative(), z.literal('unlimited')]),
    texts: z.union([z.number().int().nonnegative(), z.literal('unlimited')]),
    highlights: z.array(z.string()).min(1),
    featured: z.boolean().default(false),
    listed: z.boolean().default(true),
  }),
});

const fees = defineCollection({
  loader: from(sourceOf('fees')),
  schema: z.object({
    sku: z.string(),
    access_fee_cents: z.number().int().nonnegative(),
    sim_fee_cents: z.number().int().nonnegative(),
    delivery_fee_cents: z.number().int().nonnegative(),
    note: z.string(),
  }),
});

const offers = defineCollection({
  loader: from(sourceOf('offers')),
  schema: z.object({
    heading: z.string().min(1),
    body: z.string().min(1),
    action: link,
    starts: z.coerce.date().optional(),
    ends: z.coerce.date().optional(),
  }),
});

const carousel = defineCollection({
  loader: from(sourceOf('carousel')),
  schema: z.object({
    order: z.number().int(),
    heading: z.string().min(1),
    body: z.string().min(1),
    image_alt: z.string(),
  }),
});

const studentDomains = defineCollection({
  loader: from(sourceOf('studentDomains')),
  schema: z.object({ domain: z.string().regex(/^[a-z0-9.-]+\.[a-z]{2,}$/), institution: z.string().min(1) }),
});

const level = z.enum(['none', 'weak', 'fair', 'good', 'excellent']);
const signal = z.object({ outdoor: level, indoor: level });

/** Coverage by Eircode routing key (the coverage checker): all 139 keys, checked in tests. */
const coverage = defineCollection({
  loader: from(sourceOf('coverage')),
  schema: z.object({
    key: z.string().regex(/^([ACDEFHKNPRTVWXY]\d{2}|D6W)$/),
    town: z.string().min(1),
    county: z.string().min(1),
    lat: z.number().min(IRELAND_BOUNDS.lat[0]).max(IRELAND_BOUNDS.lat[1]),
    lon: z.number().min(IRELAND_BOUNDS.lon[0]).max(IRELAND_BOUNDS.lon[1]),
    localities: z.array(z.string().min(1)),
    coverage: z.object({ '2G': signal, '3G': signal, '4G': signal, '5G': signal }),
  }),
});

/**
 * Offers with dates and flags an editor changes to run the next one (the server reads them as
 * published, from /api/cms/offers/promotions.json). Flags are strings, as the spec has them.
 */
const promotions = defineCollection({
  loader: from(sourceOf('promotions')),
  schema: z.object({
    heading: z.string().min(1),
    body: z.string().min(1),
    enabled: z.enum(['true', 'false']),
    starts: z.coerce.date().optional(),
    ends: z.coerce.date(),
    purchase_deadline: z.coerce.date().optional(),
  }),
});

const site = defineCollection({
  loader: from(sourceOf('site')),
  schema: z.object({
    name: z.string().min(1),
    tagline: z.string().min(1),
    social: z.array(link),
    footer_note: z.string(),
  }),
});

/**
 * The words of a list's entries (plans, offers, charges tables) in another language, one document per
 * language and list (id `ga/plans`): each item by its id in the English list, only the fields that
 * are words. Prices, rates, allowances and dates stay in the English entry, so a translation cannot
 * change them.
 */
const translations = defineCollection({
  loader: from(sourceOf('translations')),
  schema: z.object({
    items: z.array(
      z.object({
        id: z.string().min(1),
        name: z.string().min(1).optional(),
        heading: z.string().min(1).optional(),
        body: z.string().min(1).optional(),
        label: z.string().min(1).optional(),
        highlights: z.array(z.string().min(1)).optional(),
        /** A frequently asked question's words, and its category's name. */
        category: z.string().min(1).optional(),
        question: z.string().min(1).optional(),
        answer: z.string().min(1).optional(),
        /** A charges table's words (its id the table's): its head, columns and rows by key, notes in order. */
        title: z.string().min(1).optional(),
        description: z.string().min(1).optional(),
        intro: z.string().min(1).optional(),
        columns: z
          .array(z.object({ key: z.string().min(1), label: z.string().min(1), unit: z.string().min(1) }))
          .optional(),
        zones: z
          .array(
            z.object({
              key: z.string().min(1),
              zone: z.string().min(1),
              /** Where the row names what is not a country ("Irish mobiles"); countries are said by their codes. */
              countries: z.array(z.string().min(1)).optional(),
            }),
          )
          .optional(),
        notes: z.array(z.string().min(1)).optional(),
      }),
    ),
  }),
});

export const collections = {
  pages,
  legal,
  help,
  blog,
  unlock,
  charges,
  faq,
  plans,
  fees,
  offers,
  carousel,
  studentDomains,
  coverage,
  promotions,
  site,
  translations,
};
