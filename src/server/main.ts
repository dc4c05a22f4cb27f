import { createServer } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import pino from 'pino';
import { answeredByApp, createApp, pageSecurityHeaders } from './app.ts';
import { sandboxPayments } from './integrations/payments/index.ts';
import { providerPayments } from './integrations/payments/provider.ts';
import { sandboxReferrals, serviceReferrals } from './integrations/referrals/index.ts';
import { localCatalogueAdapter, partnerCatalogue } from './integrations/catalogue/index.ts';
import { sandboxGeolocation, serviceGeolocation } from './integrations/geolocation/index.ts';
import { scheduleRenewals } from './jobs/renewals.ts';
import { buildIfNeeded } from './build-if-needed.ts';
import { openDatabase } from './db/client.ts';
import { isEmpty, seedDemo } from './seed/seed.ts';
import { readEnv } from './env.ts';
import { loadStaticSite, staticListener } from './static-site.ts';

const env = readEnv();
const logger = pino({ level: env.LOG_LEVEL });
if (!env.API_ONLY) buildIfNeeded(env.DIST_DIR);
const site = env.API_ONLY ? undefined : await loadStaticSite(env.DIST_DIR);
const database = await openDatabase(env.DATABASE_URL, { poolMax: env.DATABASE_POOL_MAX, dataDir: env.DATA_DIR });
if (await isEmpty(database.db)) {
  await seedDemo(database.db, new Date());
  logger.info('seeded the demo members into an empty database');
}
for (const name of env.generatedSecrets) logger.warn(`${name} is not set: using a random one for this run`);

const payments =
  env.PAYMENT_BASE_URL && env.PAYMENT_ENTITY_ID && env.PAYMENT_ACCESS_TOKEN
    ? providerPayments({ baseUrl: env.PAYMENT_BASE_URL, entityId: env.PAYMENT_ENTITY_ID, accessToken: env.PAYMENT_ACCESS_TOKEN })
    : sandboxPayments();
const referrals =
  env.REFERRAL_DOMAIN && env.REFERRAL_TOKEN && env.REFERRAL_SIGNATURE
    ? serviceReferrals({ domain: env.REFERRAL_DOMAIN, token: env.REFERRAL_TOKEN, signature: env.REFERRAL_SIGNATURE })
    : sandboxReferrals(database.db, () => new Date());
const catalogue = env.CATALOGUE_URL && env.CATALOGUE_API_KEY ? partnerCatalogue({ url: env.CATALOGUE_URL, apiKey: env.CATALOGUE_API_KEY }, logger) : localCatalogueAdapter();
const geolocation = env.GEOIP_URL ? serviceGeolocation({ url: env.GEOIP_URL, ...(env.GEOIP_TOKEN ? { token: env.GEOIP_TOKEN } : {}) }) : sandboxGeolocation();
const stopRenewals = scheduleRenewals({ db: database.db, clock: () => new Date(), payments, referrals }, logger);

const app = createApp({
  db: database.db,
  payments,
  referrals,
  catalogue,
  geolocation,
  ...(site ? { site } : {}),
  logger,
  config: {
    sessionSecret: env.SESSION_SECRET,
    emvKeyBase64: env.EMV_KEY,
    siteUrl: env.SITE_URL,
    allowedOrigins: env.ALLOWED_ORIGINS,
    rateLimit: { windowMs: env.RATE_LIMIT_WINDOW_MS, loginPerIp: env.LOGIN_RATE_LIMIT_PER_IP, loginFailuresPerAccount: 5 },
    helpdeskSecret: env.HELPDESK_SECRET,
    sandbox: env.SANDBOX,
    ...(env.HELPDESK_URL ? { helpdeskUrl: env.HELPDESK_URL } : {}),
    captcha: {
      hmacKey: env.CAPTCHA_HMAC_KEY,
      maxNumber: env.CAPTCHA_MAX_NUMBER,
      ttlMs: 10 * 60_000,
      ...(env.RECAPTCHA_SITE_KEY && env.RECAPTCHA_SECRET_KEY ? { recaptcha: { siteKey: env.RECAPTCHA_SITE_KEY, secretKey: env.RECAPTCHA_SECRET_KEY } } : {}),
    },
  },
});

// Pages and assets go straight out (static-site.ts `staticListener`); everything else through the app.
const appListener = getRequestListener(app.fetch);
const pages = site ? staticListener(site, await pageSecurityHeaders(app), answeredByApp) : undefined;
const server = createServer((req, res) => {
  if (!pages?.(req, res)) void appListener(req, res);
});
server.listen(env.PORT, env.HOST, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  logger.info(`48 portal listening on http://${env.HOST === 'localhost' ? 'localhost' : env.HOST}:${port} (${database.kind})`);
});

// Finish the requests in flight, close the database, then exit; a second signal, or 10 s, forces it.
let stopping = false;
function shutdown(signal: string) {
  if (stopping) process.exit(1);
  stopping = true;
  logger.info(`${signal}: closing`);
  stopRenewals();
  server.close(async () => {
    await database.close();
    process.exit(0);
  });
  setTimeout(() => process.exit(1), 10_000).unref();
}
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
