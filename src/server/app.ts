import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import pino, { type Logger } from 'pino';
import { redirects } from '../contract/links.ts';
import { messages } from '../contract/messages.ts';
import type { Database } from './db/client.ts';
import { fail, router, type AppConfig, type AppEnv } from './http.ts';
import { sameOrigin } from './middleware/origin.ts';
import { requireOwnAccount, requireSession } from './middleware/protect.ts';
import { accountRoutes } from './routes/account.ts';
import { authRoutes, publicUserRoutes, sessionRoutes } from './routes/auth.ts';
import { profileRoutes } from './routes/profile.ts';
import { referencePage } from './routes/reference.ts';
import { sandboxRoutes } from './routes/sandbox.ts';
import { onboardingRoutes } from './routes/onboarding.ts';
import { signUpRoutes } from './routes/signup.ts';
import { simSettingsRoutes } from './routes/sim-settings.ts';
import { captchaAdapter, type CaptchaAdapter } from './integrations/captcha/index.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { resolveFile, sendFile, type StaticSite } from './static-site.ts';

export interface AppOptions {
  db: Database;
  config: AppConfig;
  /** The built site; tests of the API alone leave it out. */
  site?: StaticSite;
  clock?: Clock;
  logger?: Logger;
  /** The captcha; by default the one config.captcha describes. */
  captcha?: CaptchaAdapter;
}

const LOGIN_PATHS = new Set(['/panda/protected/users/current', '/panda/public/users/current']);

/** Builds the whole HTTP application; used by the Node entry and, unchanged, by the tests. */
export function createApp({ db, config, site, clock = systemClock, logger = pino({ level: 'silent' }), captcha = captchaAdapter(config.captcha) }: AppOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // reCAPTCHA (when configured) loads its script and frame from Google.
  const recaptcha = config.captcha.recaptcha ? ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'] : [];

  app.use(async (c, next) => {
    const requestId = randomUUID();
    const started = performance.now();
    c.set('db', db);
    c.set('clock', clock);
    c.set('config', config);
    c.set('requestId', requestId);
    c.set('log', logger.child({ requestId }));
    c.header('x-request-id', requestId);
    await next();
    c.var.log.info({ method: c.req.method, path: c.req.path, status: c.res.status, ms: Math.round(performance.now() - started) }, 'request');
  });

  app.use(
    secureHeaders({
      // HSTS only means something over https; it is added below when the request came that way.
      strictTransportSecurity: false,
      referrerPolicy: 'strict-origin-when-cross-origin',
      xFrameOptions: 'DENY',
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(site?.inlineScripts ?? []), ...recaptcha],
        frameSrc: recaptcha.length ? recaptcha : ["'none'"],
        styleSrc: ["'self'", ...(site?.inlineStyles ?? [])],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    }),
  );
  app.use(async (c, next) => {
    await next();
    if (new URL(c.req.url).protocol === 'https:') c.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
  });

  app.onError((error, c) => {
    if (error instanceof HTTPException && error.status < 500) return fail(c, error.status, error.message || messages.notFound);
    c.var.log?.error({ err: error }, 'unhandled error');
    return c.json({ _payload: { message: messages.serverError, request_id: c.var.requestId } }, 500);
  });

  // The API: origin check for all of it, the session for protected calls (but log-in itself),
  // and ownership of {user_id} and {ssn}.
  const api = router();
  api.use('/panda/*', sameOrigin);
  api.use('/panda/protected/*', async (c, next) => (LOGIN_PATHS.has(c.req.path) ? next() : requireSession(c, next)));
  // Hono gives a middleware only the params of its own pattern, so {ssn} needs its own line.
  api.use('/panda/protected/users/:user_id/*', requireOwnAccount);
  api.use('/panda/protected/users/:user_id/sims/:ssn/*', requireOwnAccount);

  api.openapi(
    createRoute({
      method: 'get', path: '/panda/health', tags: ['Operations'], summary: 'Whether the server can reach its database',
      responses: {
        200: { description: 'Healthy', content: { 'application/json': { schema: z.object({ status: z.literal('ok'), database: z.literal('ok') }) } } },
        503: { description: 'The database does not answer', content: { 'application/json': { schema: z.object({ status: z.literal('degraded'), database: z.literal('unreachable') }) } } },
      },
    }),
    async (c) => {
      try {
        await db.execute(sql`select 1`);
        return c.json({ status: 'ok' as const, database: 'ok' as const }, 200);
      } catch {
        return c.json({ status: 'degraded' as const, database: 'unreachable' as const }, 503);
      }
    },
  );
  api.route('/', authRoutes(config));
  api.route('/', sessionRoutes());
  api.route('/', publicUserRoutes());
  api.route('/', accountRoutes());
  api.route('/', signUpRoutes(config, captcha));
  api.route('/', onboardingRoutes(config, captcha));
  api.route('/', profileRoutes());
  api.route('/', simSettingsRoutes(config));

  const document = () =>
    api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: { title: '48 panda API', version: '1.0.0', description: 'The account API of the 48 portal. Errors answer {"_payload":{"message"}}.' },
    });
  api.get('/panda/openapi.json', (c) => c.json(document()));
  api.get('/panda/reference', (c) => c.html(referencePage(document() as unknown as Parameters<typeof referencePage>[0])));
  api.all('/panda/*', (c) => fail(c, 404, messages.notFound));

  app.route('/', api);
  if (config.sandbox) app.route('/', sandboxRoutes());

  if (site) {
    // Spec section 2: payment-gateway URLs always carry a trailing slash.
    app.get('/payment-gateway', (c) => c.redirect(`/payment-gateway/${new URL(c.req.url).search}`, 308));
    for (const [from, to] of Object.entries(redirects)) app.get(from, (c) => c.redirect(to, 301));
    app.on(['GET', 'HEAD'], '*', (c) => {
      const file = resolveFile(site, new URL(c.req.url).pathname);
      return file ? sendFile(c, site, file) : sendFile(c, site, '/404.html', 404);
    });
  }
  app.all('*', (c) => fail(c, 404, messages.notFound));
  return app;
}
