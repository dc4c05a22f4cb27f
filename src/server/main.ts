import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { answeredByApp, createApp, pageSecurityHeaders } from './app.ts';
import { portalServer } from './http/node-server.ts';
import { scheduleMinuteJobs } from './jobs/scheduler.ts';
import { callbackOf, scheduleNetwork } from './modules/network/index.ts';
import { resolveVapid } from './vapid.ts';
import { webPushSender } from './integrations/push/index.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { openDatabase } from './db/client.ts';
import { isEmpty, seedDemo, syncProducts } from './seed/seed.ts';
import { readEnv } from './env.ts';
import { appConfigOf, sandboxNote, startWarnings } from './app-config.ts';
import { sentryReporter } from './error-reporting.ts';
import { createMetrics } from './metrics.ts';
import { createRebuilder, type Publishing } from './publishing.ts';
import { loadStaticSite, staticListener, type StaticSite } from './static-site.ts';
import { followRelease, liveReleaseDir, recordRelease } from './release.ts';
import { changedKeys, prunePurges, runPurges } from './cdn-purges.ts';
import { startAdapters } from './integrations/settings.ts';
import { closeChatStreams } from './modules/care/index.ts';

const env = readEnv();
const logger = pino({ level: env.LOG_LEVEL });
const clock = () => new Date();
if (!env.API_ONLY) buildIfNeeded(env.DIST_DIR);
const database = await openDatabase(env.DATABASE_URL, {
  poolMax: env.DATABASE_POOL_MAX,
  dataDir: env.DATA_DIR,
  // A restart or failover drops the pool's connections: reported, and the pool opens new ones when it is back.
  onConnectionError: (err) => logger.warn({ err }, 'database connection lost'),
});
// Anything that fails outside a request or a job's own handling is reported, and the process lives
// on: a database going away must not take every instance down with it.
process.on('unhandledRejection', (err) => logger.error({ err }, 'unhandled rejection'));
// The published build (release.ts) when there is one, else the site built with this release of the code.
const site = env.API_ONLY
  ? undefined
  : await loadStaticSite((await liveReleaseDir(database.db, env.DATA_DIR)) ?? env.DIST_DIR, {
      sharedMaxAgeS: env.CDN_MAX_AGE_S,
    });
let servingDir = site?.dir ?? env.DIST_DIR;
let servingSite = site;
await syncProducts(database.db);
// docs/product/production.md: the demo members (and their published password) are for trying only, never in production.
if (env.NODE_ENV !== 'production' && (await isEmpty(database.db))) {
  await seedDemo(database.db, new Date());
  logger.info('seeded the demo members into an empty database');
}
const vapid = resolveVapid(env, { dataDir: env.DATA_DIR, siteUrl: env.SITE_URL });
const config = appConfigOf(env, vapid);
for (const warning of startWarnings(env, vapid)) logger.warn(warning);
// Each outside service as its own settings choose: the real one, a stand-in, or none (integrations/settings.ts).
const { payments, referrals, catalogue, geolocation, delivery, tickets, cdn, mailSender, network, chat } =
  startAdapters(env, {
    db: database.db,
    clock,
    logger,
    production: env.NODE_ENV === 'production',
  });
const metrics = env.METRICS_PORT !== undefined ? createMetrics({ pool: database.pool }) : undefined;
// Web Push (docs/product/phone.md): the same sender for the API's test button and the jobs' alerts.
const push = webPushSender(vapid);
const stopMinuteJobs = scheduleMinuteJobs(
  {
    db: database.db,
    clock,
    payments,
    referrals,
    delivery,
    tickets,
    chat,
    siteUrl: env.SITE_URL,
    push: { sender: push, extraOrigins: env.PUSH_ENDPOINT_ORIGINS },
    refundDebtor: config.finance?.debtor,
  },
  logger,
  60_000,
  (ok, seconds) => metrics?.job('renewals', ok, seconds),
);
// Orders to the mobile network go out from their outbox every second (docs/product/network.md).
const stopNetwork = scheduleNetwork({ db: database.db, clock }, network, logger, {
  callback: callbackOf(env.SITE_URL),
});
let draining = false;
const reporter = env.SENTRY_DSN
  ? await sentryReporter({ dsn: env.SENTRY_DSN, environment: env.SENTRY_ENVIRONMENT, release: env.SENTRY_RELEASE })
  : undefined;

/**
 * Publish → rebuild (docs/product/operations.md): a build goes to a new folder; `swap` loads it and makes a new
 * app and static listener for it (the CSP names the new build's inline scripts), and puts them
 * live in one assignment, so a request sees either the old site or the new one, never a mix.
 */
let publishing: Publishing | undefined;

// The app and the pages' listener of a build (none: the API alone).
async function listenersFor(built: StaticSite | undefined) {
  const app = createApp({
    db: database.db,
    payments,
    push,
    referrals,
    catalogue,
    geolocation,
    delivery,
    tickets,
    network,
    chat,
    ...(cdn ? { cdn } : {}),
    ...(built ? { site: built } : {}),
    ...(metrics ? { metrics } : {}),
    ...(reporter ? { reporter } : {}),
    lifecycle: { draining: () => draining, ...(mailSender ? { mail: () => mailSender.status() } : {}) },
    ...(publishing ? { publishing } : {}),
    logger,
    config,
  });
  return {
    app: getRequestListener(app.fetch),
    pages: built ? staticListener(built, await pageSecurityHeaders(app), answeredByApp) : undefined,
  };
}
let live: Awaited<ReturnType<typeof listenersFor>>;
const loadSite = (dir: string) => loadStaticSite(dir, { sharedMaxAgeS: env.CDN_MAX_AGE_S });
/** Puts a build live on this instance (loaded already, or loaded here). */
async function serve(dir: string, loaded?: StaticSite): Promise<void> {
  const next = loaded ?? (await loadSite(dir));
  live = await listenersFor(next);
  servingDir = dir;
  servingSite = next;
}
if (site) {
  // A finished build, loaded to tell what it changes, then served as loaded.
  let staged: StaticSite | undefined;
  const rebuilder = createRebuilder({
    dataDir: env.DATA_DIR,
    live: site.dir,
    log: logger,
    // Stored for every instance, with the purge of what it changes queued (none without a CDN).
    publish: async (dir) => {
      staged = await loadSite(dir);
      const keys = cdn && servingSite ? changedKeys(servingSite, staged) : [];
      await recordRelease(database.db, dir, new Date(), keys);
    },
    swap: async (dir) => {
      const loaded = staged?.dir === dir ? staged : undefined;
      staged = undefined;
      await serve(dir, loaded);
    },
    onRun: (run) => metrics?.job('rebuild', run.result === 'ok', (run.durationMs ?? 0) / 1000),
  });
  publishing = { rebuilder, webhookSecret: env.SANITY_WEBHOOK_SECRET, editorToken: env.CMS_EDITOR_TOKEN };
}
live = await listenersFor(site);
// Every instance follows the published build, fetched from the database into its own DATA_DIR, says
// which it serves, and takes its turn at the CDN purges (ADR 036).
let beats = 0;
const follower = site
  ? followRelease({
      db: database.db,
      dataDir: env.DATA_DIR,
      instanceId: randomUUID(),
      serving: () => servingDir,
      swap: async (dir) => {
        await serve(dir);
        logger.info({ dir }, 'now serving the published build');
      },
      afterCheck: async () => {
        if (!cdn) return;
        const ctx = { db: database.db, clock };
        await runPurges(ctx, cdn, logger);
        if (++beats % 1800 === 0) await prunePurges(ctx);
      },
      onError: (err) => logger.error({ err }, 'could not follow the published build'),
    })
  : undefined;
const { server, inFlight, idle } = portalServer(
  () => live,
  () => draining,
  metrics,
);
server.listen(env.PORT, env.HOST, () => {
  // The port asked for, or the system's choice for 0.
  logger.info(`48 portal listening on http://${env.HOST}:${(server.address() as AddressInfo).port} (${database.kind})`);
  logger.info(sandboxNote(env));
});
const metricsServer = metrics
  ? await metrics.listen(env.METRICS_PORT!, env.METRICS_HOST, (l) => logger.info(l))
  : undefined;

/**
 * SIGTERM (or SIGINT): readiness answers 503 at once so a load balancer stops sending; no new
 * connection is taken; idle keep-alive connections close; requests in flight and a running job
 * step finish; then the database closes and the process exits 0. A second signal, or
 * SHUTDOWN_TIMEOUT_MS, exits 1 at once.
 */
async function shutdown(signal: string) {
  if (draining) process.exit(1);
  draining = true;
  // Chat streams are held open: they end now, and their browsers resume on another instance.
  closeChatStreams();
  setTimeout(() => {
    logger.error(
      `${signal}: still busy after ${env.SHUTDOWN_TIMEOUT_MS} ms (${inFlight()} requests in flight); exiting`,
    );
    process.exit(1);
  }, env.SHUTDOWN_TIMEOUT_MS).unref();
  logger.info(`${signal}: draining ${inFlight()} requests in flight`);
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  await Promise.all([
    idle(),
    stopMinuteJobs(),
    stopNetwork(),
    publishing?.rebuilder.stop(),
    mailSender?.stop(),
    follower?.stop(),
  ]);
  server.closeIdleConnections();
  await closed;
  metricsServer?.close();
  await reporter?.flush(2000);
  await database.close();
  logger.info(`${signal}: closed`);
  process.exit(0);
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));
