import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { bytes, createdAt, rowId, ts } from './columns.ts';

/** Mail waiting for a mail server; readable at /sandbox/mail while none is configured. */
export const outbox = pgTable(
  'outbox',
  {
    id: rowId(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** Delivery over SMTP (docs/product/production.md): tries so far (at most 5), the last error, when to try again, and a sender's claim. */
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: ts('next_attempt_at'),
    claimedUntil: ts('claimed_until'),
  },
  (t) => [
    index('outbox_to_idx').on(t.to, t.createdAt),
    index('outbox_unsent_idx')
      .on(t.id)
      .where(sql`${t.sentAt} is null`),
    // Pruning: mail sent long ago (modules/privacy/retention.ts).
    index('outbox_sent_idx')
      .on(t.sentAt)
      .where(sql`${t.sentAt} is not null`),
  ],
);

/**
 * The site every instance serves (docs/product/production.md "Publishing", ADR 036): one build, made by the
 * instance that received the publish, its files stored in `site_files` and named here; every
 * instance follows this row, fetching the files into its own DATA_DIR.
 */
export const siteRelease = pgTable('site_release', {
  /** Always 'live': one row. */
  name: text('name').primaryKey(),
  /** The build's name (its folder under each instance's DATA_DIR/site). */
  build: text('build').notNull(),
  publishedAt: ts('published_at').notNull(),
});

/** Every file of a published build (compressed copies included), as the build wrote it. */
export const siteFiles = pgTable(
  'site_files',
  {
    build: text('build').notNull(),
    /** The file's path inside the build, with forward slashes (help/index.html). */
    path: text('path').notNull(),
    body: bytes('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.build, t.path] })],
);

/** Which build each running instance serves, said every few seconds: a purge waits until all serve the new one. */
export const siteInstances = pgTable('site_instances', {
  id: text('id').primaryKey(),
  build: text('build').notNull(),
  seenAt: ts('seen_at').notNull(),
});

/**
 * What a release asks the CDN to purge (the keys of the files it changed), once every instance
 * serves it; tried again with backoff until the CDN takes it (reported on /panda/ready meanwhile).
 */
export const cdnPurges = pgTable(
  'cdn_purges',
  {
    id: rowId(),
    build: text('build').notNull().unique(),
    keys: jsonb('keys').$type<string[]>().notNull(),
    createdAt: createdAt(),
    /** Not before: the next try, or the end of a running try's claim. */
    nextAt: ts('next_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    doneAt: ts('done_at'),
  },
  (t) => [
    index('cdn_purges_due_idx')
      .on(t.nextAt)
      .where(sql`${t.doneAt} is null`),
  ],
);

/** Proof-of-work captcha answers already used; the primary key makes each answer good once. */
export const captchaSolutions = pgTable('captcha_solutions', {
  signature: text('signature').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
});

/**
 * Rate-limit counters shared by every instance on PostgreSQL (docs/product/production.md): one row per key and
 * window, counted with one atomic upsert, so N instances do not allow N times the limit.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetAt: ts('reset_at').notNull(),
  },
  // The minute's job removes windows that are over.
  (t) => [index('rate_limits_reset_idx').on(t.resetAt)],
);

/** A request that moved (or tried to move) money, by its Idempotency-Key: a repeat gets the first answer. */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    scope: text('scope').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Null while the first request is still being answered. */
    status: integer('status'),
    body: text('body'),
    createdAt: createdAt(),
  },
  // The minute's job removes keys past their day by age.
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
