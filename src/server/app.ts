import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { routePath } from 'hono/route';
import pino, { type Logger } from 'pino';
import { redirects } from '../contract/links.ts';
import { messages } from '../contract/messages.ts';
import { authApi } from '../contract/auth.schema.ts';
import { myDataApi } from '../contract/my-data.schema.ts';
import { passkeysApi } from '../contract/passkeys.schema.ts';
import { securityApi } from '../contract/security.schema.ts';
import { settingsApi } from '../contract/settings.schema.ts';
import { simSettingsApi } from '../contract/sim-settings.schema.ts';

/** The member endpoints that check the password (tests/api/reliability/trust.test.ts finds any body with a password missing here). */
export const PASSWORD_CHECKED = [
  settingsApi.changePassword,
  securityApi.changeEmail,
  passkeysApi.registrationOptions,
  passkeysApi.remove,
  simSettingsApi.changeSim,
  simSettingsApi.changeToEsim,
  myDataApi.deleteAccount,
] as const;
import type { AppConfig } from './config.ts';
import type { Database } from './db/client.ts';
import { isDatabaseUnavailable } from './db/unavailable.ts';
import { featureRoutes } from './modules/index.ts';
import { fail } from './http/answers.ts';
import { describeSecurity, openApiDocument, patternOf } from './http/openapi.ts';
import { referencePage } from './http/reference.ts';
import { router, type AppEnv, type Lifecycle } from './http/router.ts';
import { adaptersFor, sandboxRoutes, type Adapters } from './integrations/index.ts';
import type { SandboxNetworkAdapter } from './modules/network/index.ts';
import { sameOrigin } from './middleware/origin.ts';
import { requireOwnAccount, requireSession } from './modules/identity/index.ts';
import { requireStaff, sandboxIdpRoutes } from './modules/staff/index.ts';
import type { ErrorReporter } from './error-reporting.ts';
import type { Publishing } from './publishing.ts';
import type { Metrics } from './metrics.ts';
import { systemClock, type Clock } from './kernel/clock.ts';
import { testMemberRoutes } from './seed/test-members.ts';
import { resolveFile, sendFile, type StaticSite } from './static-site.ts';
import { byMember, limitBy } from './http/limiters.ts';
import {
  HTTP_LAYER_CODES,
  HTTP_LAYER_FALLBACK,
  requestFailures,
  SERVER_ERROR_CODE,
  serverFailures,
  UNAVAILABLE_RETRY_AFTER_S,
} from '../contract/common-failures.ts';
import { securityHeaders } from './http/security-headers.ts';
import { isPaymentPage } from './http/cache-policy.ts';
import { LOCALES, pathIn } from '../contract/i18n/locales.ts';
import { cspReportsSandbox } from './http/csp-reports.ts';
import { requestContext, withoutAddresses } from './middleware/context.ts';

/** The adapters of the outside services (integrations/index.ts) may be passed in; each has a default. */
export interface AppOptions extends Partial<Adapters> {
  db: Database;
  config: AppConfig;
  /** The built site; tests of the API alone leave it out. */
  site?: StaticSite;
  clock?: Clock;
  logger?: Logger;
  /** Prometheus metrics (main.ts makes them when METRICS_PORT is set). */
  metrics?: Metrics;
  /** Whether the server is shutting down (readiness then answers 503). */
  lifecycle?: Lifecycle;
  /** Where unexpected errors are reported (Sentry when configured). */
  reporter?: ErrorReporter;
  /** Publish → rebuild (main.ts makes it; absent, the publishing endpoints answer 503). */
  publishing?: Publishing;
}

const LOGIN_PATHS = new Set<string>([authApi.logIn.path, authApi.logInProtectedPath.path]);

/** Paths the app must answer even where a file of the site could: the API, sandboxes, the payment page's own CSP, redirects. */
export function answeredByApp(path: string): boolean {
  return (
    path.startsWith('/panda') ||
    path.startsWith('/sandbox') ||
    path.startsWith('/staff-sign-') ||
    isPaymentPage(path) ||
    path.replace(/(.)\/$/, '$1') in redirects
  );
}

/**
 * The headers the app adds to a page that are not about the file (CSP and the other security
 * headers), read once from the app: HSTS among them exactly when the app gives it to a page a shared
 * cache keeps (an https SITE_URL), never from a request.
 */
export async function pageSecurityHeaders(app: Hono<AppEnv>): Promise<Record<string, string>> {
  const res = await app.request('/');
  const fileHeaders = new Set([
    'content-type',
    'content-length',
    'etag',
    'cache-control',
    'surrogate-key',
    'cache-tag',
    'cdn-tag',
    'vary',
    'content-encoding',
    'x-request-id',
    'date',
  ]);
  return Object.fromEntries([...res.headers].filter(([name]) => !fileHeaders.has(name)));
}

/** Builds the whole HTTP application; used by the Node entry and, unchanged, by the tests. */
export function createApp({
  db,
  config,
  site,
  clock = systemClock,
  logger = pino({ level: 'silent' }),
  metrics,
  lifecycle = { draining: () => false },
  reporter,
  publishing,
  ...given
}: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const adapters = adaptersFor({ db, config, clock, siteDir: site?.dir ?? 'dist' }, given);
  app.use(
    requestContext({
      trustProxy: config.trustProxy ?? [],
      logger,
      metrics,
      variables: { db, clock, config, lifecycle, publishing, ...adapters },
    }),
  );

  for (const handler of securityHeaders(config, site, adapters.payments.origins)) app.use(handler);

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) {
      const code = HTTP_LAYER_CODES[error.status as keyof typeof HTTP_LAYER_CODES] ?? HTTP_LAYER_FALLBACK;
      return fail(c, { status: error.status, message: error.message || messages.notFound, code });
    }
    if (isDatabaseUnavailable(error)) {
      // A restart or failover: a fast 503 that says when to try again; not an error to report each time.
      c.var.log?.warn({ err: error }, 'database unavailable');
      c.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
      return fail(c, serverFailures.unavailable);
    }
    c.var.log?.error({ err: error }, 'unhandled error');
    reporter?.capture(error, {
      requestId: c.var.requestId,
      route: routePath(c) || 'none',
      method: c.req.method,
      url: withoutAddresses(c.req.url),
      headers: Object.fromEntries(Object.entries(c.req.header())),
      memberId: c.var.member?.id,
    });
    return fail(
      c,
      { status: 500, message: messages.serverError, code: SERVER_ERROR_CODE },
      { request_id: c.var.requestId },
    );
  });

  // The API: origin check for all of it, the session for protected calls (but log-in itself),
  // and ownership of {user_id} and {ssn}.
  const api = router();
  api.use('/panda/*', sameOrigin);
  api.use('/panda/protected/*', async (c, next) => (LOGIN_PATHS.has(c.req.path) ? next() : requireSession(c, next)));
  // One check for {user_id} and, on a SIM path (simOfPath), {ssn}.
  api.use('/panda/protected/users/:user_id/*', requireOwnAccount);
  // The staff console's API: a staff session (its own cookie), never a member's; each endpoint's permission after it.
  api.use('/panda/staff/*', requireStaff);

  // A password check is a log-in attempt (someone with the session tries passwords): failures count
  // per member across every endpoint that takes the password, with the log-in's limit, and a 429 after.
  const passwordChecks = limitBy(
    config.rateLimit.windowMs,
    config.rateLimit.loginFailuresPerAccount,
    byMember('password-check'),
    true,
  );
  for (const e of PASSWORD_CHECKED) api.on(e.method.toUpperCase(), patternOf(e), passwordChecks);

  describeSecurity(api);
  for (const feature of featureRoutes(config)) api.route('/', feature);

  const document = () => openApiDocument(api, config.siteUrl);
  api.get('/panda/openapi.json', (c) => c.json(document()));
  api.get('/panda/reference', (c) =>
    c.html(referencePage(document() as unknown as Parameters<typeof referencePage>[0])),
  );
  api.all('/panda/*', (c) => fail(c, requestFailures.notFound));

  app.route('/', api);
  if (config.sandbox) {
    for (const routes of sandboxRoutes(adapters)) app.route('/', routes);
    // The staff console's identity provider for trying (docs/product/staff.md): a real OpenID provider.
    app.route('/', sandboxIdpRoutes());
    app.route('/', cspReportsSandbox(clock));
  }
  if (config.testMembers) app.route('/', testMemberRoutes());
  // The sandbox network is reached through this app (its API and its events to the listener): no port needed.
  if ('attach' in adapters.network)
    (adapters.network as SandboxNetworkAdapter).attach(async (request) => app.fetch(request));

  if (site) {
    // Spec section 2: payment-gateway URLs always carry a trailing slash.
    for (const locale of LOCALES)
      app.get(pathIn(locale, '/payment-gateway'), (c) =>
        c.redirect(`${pathIn(locale, '/payment-gateway/')}${new URL(c.req.url).search}`, 308),
      );
    // The spec's redirects, with or without a trailing slash; one within the site keeps the query
    // (a campaign's utm_… or a partner's id on /need-a-phone reaches /need-a-device).
    for (const [from, to] of Object.entries(redirects))
      for (const path of [from, `${from}/`])
        app.get(path, (c) => c.redirect(to.startsWith('/') ? `${to}${new URL(c.req.url).search}` : to, 301));
    app.on(['GET', 'HEAD'], '*', (c) => {
      const file = resolveFile(site, new URL(c.req.url).pathname);
      return file ? sendFile(c, site, file) : sendFile(c, site, '/404.html', 404);
    });
  }
  app.all('*', (c) => fail(c, requestFailures.notFound));
  return app;
}
