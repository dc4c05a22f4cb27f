import type { StepUpPurpose } from '../../../src/contract/step-up.schema.ts';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { solveChallenge } from 'altcha-lib/v1';
import pino from 'pino';
import { createRebuilder } from '../../../src/server/publishing.ts';
import { desc, eq } from 'drizzle-orm';
import pg from 'pg';
import * as schema from '../../../src/server/db/schema.ts';
import { afterAll, beforeAll, beforeEach, describe, inject } from 'vitest';
import webpush from 'web-push';
import { createApp } from '../../../src/server/app.ts';
import {
  sandboxPayments,
  type SandboxPayments,
} from '../../../src/server/modules/money/integrations/payments/index.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { DEMO_PASSWORD, resetDatabase, seedCatalogue, seedDemo } from '../../../src/server/seed/seed.ts';
import type { AppConfig } from '../../../src/server/config.ts';
import { SANDBOX_CSP_REPORTS } from '../../../src/server/http/csp-reports.ts';
import { contentFiles } from './content.ts';
import { restoreSnapshot, takeSnapshot } from './snapshot.ts';
import { sandboxNetworkAdapter, type SandboxNetworkAdapter } from '../../../src/server/modules/network/index.ts';
import { drainNetworkOrders } from '../../../src/server/modules/network/network-orders.ts';
import { applyOrderStep } from '../../../src/server/modules/network/order-causes.ts';
import { ERROR_CODES } from '../../../src/contract/error-codes.schema.ts';

/** The moment the demo members are seeded at in tests; the clock starts here for every test. */
export const SEED_TIME = new Date('2026-11-22T10:00:00Z');

/**
 * Publishing configured as in production, so its endpoints answer 401 or 202 rather than 503
 * (not configured); builds are not what the API suites test (tests/build does), so one would fail.
 */
export const HARNESS_SANITY_SECRET = 'harness-webhook-secret-48';
export const harnessPublishing = () => ({
  rebuilder: createRebuilder({
    dataDir: join(tmpdir(), 'portal-api-publishing'),
    live: 'dist',
    log: pino({ level: 'silent' }),
    build: async () => ({ ok: false, output: 'the API suites do not build the site' }),
    swap: async () => {},
  }),
  webhookSecret: HARNESS_SANITY_SECRET,
  editorToken: 'harness-editor-token-48',
});

export interface TestContext {
  handle: DatabaseHandle;
  app: ReturnType<typeof createApp>;
  clock: { now: Date; advance(ms: number): void };
  config: AppConfig;
  payments: SandboxPayments;
  /** The sandbox network the app sends its orders to (its orders move on only when a test says). */
  network: SandboxNetworkAdapter;
}

/** Sends what waits in the network's outbox (the network job's turn) and answers what was sent. */
export const sendNetworkOrders = (c: TestContext) =>
  drainNetworkOrders({ db: c.handle.db, clock: () => c.clock.now }, c.network, applyOrderStep);

/** The network job's turn, then every open order moved to its end by the sandbox network (its events sent to the listener). */
export async function settleNetwork(c: TestContext) {
  const sent = await sendNetworkOrders(c);
  const moved = await c.network.sandbox.settle();
  return { ...sent, moved };
}

export const TEST_HELPDESK_WEBHOOK_SECRET = 'helpdesk-webhook-secret-for-tests';
export const TEST_CHAT_WEBHOOK_SECRET = 'chat-webhook-secret-for-tests';
export const TEST_NETWORK_EVENT_SECRET = 'network-event-secret-for-tests-0000000000';
export const testConfig = (overrides: Partial<AppConfig['rateLimit']> = {}): AppConfig => ({
  sessionSecret: 'test-session-secret-that-is-long-enough-000',
  emvKeyBase64: Buffer.from('48portal-emv-key').toString('base64'),
  siteUrl: 'https://www.48.ie',
  allowedOrigins: ['https://partner.example'],
  rateLimit: { windowMs: 60_000, loginPerIp: 1000, loginFailuresPerAccount: 1000, ...overrides },
  helpdeskSecret: 'test-helpdesk-secret-that-is-long-enough-0000000',
  // The help desk's webhook is configured (its tests sign with this; one takes it away for the 503).
  helpdeskWebhookSecret: TEST_HELPDESK_WEBHOOK_SECRET,
  chatWebhookSecret: TEST_CHAT_WEBHOOK_SECRET,
  // The network's listener is configured; the sandbox network's orders move on only by hand.
  network: { eventSecret: TEST_NETWORK_EVENT_SECRET, sandboxDelayMs: null },
  sandbox: true,
  cspReportUri: SANDBOX_CSP_REPORTS,
  // A small search space: tests solve the proof of work in a moment.
  captcha: { hmacKey: 'test-captcha-hmac-key-that-is-long-enough-000', maxNumber: 200, ttlMs: 10 * 60_000 },
  // Web Push set up as every server has it (docs/product/phone.md); no push service allowed beyond the browsers' own.
  push: { vapid: TEST_VAPID, endpointOrigins: [] },
});
const TEST_VAPID = { ...webpush.generateVAPIDKeys(), subject: 'mailto:tests@48.ie' };

/** Fetches a proof-of-work challenge and solves it, as the browser does; the answer to send as `captcha`. */
export async function solveCaptcha(app: TestContext['app']): Promise<string> {
  const res = await app.request('/panda/public/captcha');
  const { _payload } = (await res.json()) as {
    _payload: {
      provider: string;
      challenge: { algorithm: string; challenge: string; maxnumber: number; salt: string; signature: string };
    };
  };
  if (_payload.provider !== 'pow') throw new Error(`captcha provider ${_payload.provider}`);
  const { algorithm, challenge, maxnumber, salt, signature } = _payload.challenge;
  const solution = await solveChallenge(challenge, salt, algorithm, maxnumber).promise;
  if (!solution) throw new Error('captcha not solved');
  return Buffer.from(JSON.stringify({ algorithm, challenge, number: solution.number, salt, signature })).toString(
    'base64',
  );
}

/**
 * Every error answer of the API in every API test is checked: `{ _payload: { message, code } }`
 * with a code the OpenAPI document lists. A test that meets one without fails, whatever it asserts.
 */
export function withCheckedErrors<A extends { request: (...args: never[]) => Response | Promise<Response> }>(
  app: A,
): A {
  const request = app.request.bind(app) as (...args: unknown[]) => Promise<Response>;
  const checked = async (...args: unknown[]) => {
    const res = await request(...args);
    const input = args[0];
    const path = new URL(input instanceof Request ? input.url : String(input), 'http://portal.test').pathname;
    // The health probes answer their own shape (for orchestrators), not the API's.
    if (res.status >= 400 && path.startsWith('/panda/') && !/^\/panda\/(health|ready)$/.test(path)) {
      const body = (await res
        .clone()
        .json()
        .catch(() => undefined)) as { _payload?: { message?: unknown; code?: unknown } } | undefined;
      const code = body?._payload?.code;
      if (typeof body?._payload?.message !== 'string' || typeof code !== 'string' || !ERROR_CODES.includes(code))
        throw new Error(`${path} answered ${res.status} without a listed error code: ${JSON.stringify(body)}`);
    }
    return res;
  };
  return Object.assign(app, { request: checked });
}

/** The error answer of a failure, as the API sends it. */
export const errorAnswer = (failure: { message: string; code: string }) => ({
  _payload: { message: failure.message, code: failure.code },
});

const databases: { name: string; url: string | undefined }[] = [{ name: 'PGlite', url: 'memory://' }];
if (process.env['TEST_DATABASE_URL']) databases.push({ name: 'PostgreSQL', url: process.env['TEST_DATABASE_URL'] });
// Said in the suite only (a bench that borrows testConfig has nothing skipped).
else if (process.env['VITEST'])
  console.warn('TEST_DATABASE_URL is not set: the API suite runs on PGlite only; PostgreSQL is skipped.');

/** The migrated embedded database the global setup dumped (tests/setup/pglite-template.ts), read once per file. */
let template: Promise<Blob> | undefined;
export const pgliteTemplate = () =>
  (template ??= readFile(inject('pgliteTemplate')).then((bytes) => new Blob([new Uint8Array(bytes)])));

/**
 * A new, empty PostgreSQL database of the file's own next to the one TEST_DATABASE_URL names,
 * so test files can run in parallel.
 */
export async function freshPostgresDatabase(url: string, name: string): Promise<string> {
  if (url === 'memory://') return url;
  const dbName = name.toLowerCase().replace(/[^a-z0-9_]/g, '_');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const fresh = new URL(url);
  fresh.pathname = `/${dbName}`;
  return fresh.toString();
}

/**
 * Runs a suite once per database: one database per file (PGlite takes ~2 s to start), the
 * demo members seeded once and put back from a copy before every test (snapshot.ts), and a clock the test can move.
 */
export interface SuiteOptions {
  /** 'catalogue': no demo member, only what the shop sells (suites whose members are made by builders.ts). */
  seed?: 'demo' | 'catalogue';
  /** Limits other than the tests' own (testConfig). */
  rateLimit?: Partial<AppConfig['rateLimit']>;
}

type Suite = (ctx: () => TestContext) => void;

export function forEachDatabase(file: string, suite: Suite): void;
export function forEachDatabase(file: string, options: SuiteOptions, suite: Suite): void;
export function forEachDatabase(file: string, optionsOrSuite: SuiteOptions | Suite, given?: Suite): void {
  const suite = typeof optionsOrSuite === 'function' ? optionsOrSuite : given!;
  const { seed = 'demo', rateLimit = {} } = typeof optionsOrSuite === 'function' ? {} : optionsOrSuite;
  for (const { name, url } of databases) {
    describe(name, () => {
      let ctx: TestContext | undefined;
      let seeded = false;
      beforeAll(async () => {
        const handle = await openDatabase(url && (await freshPostgresDatabase(url, `api_${file}`)), {
          pgliteTemplate: url === 'memory://' ? await pgliteTemplate() : undefined,
        });
        const clock = {
          now: new Date(SEED_TIME),
          advance(ms: number) {
            this.now = new Date(this.now.getTime() + ms);
          },
        };
        ctx = {
          handle,
          clock,
          config: testConfig(rateLimit),
          app: undefined as never,
          payments: undefined as never,
          network: undefined as never,
        };
      }, 60_000);
      beforeEach(async () => {
        const c = ctx!;
        // Seeded through the factory once per file, then put back from the copy before every test (snapshot.ts).
        if (seeded) await restoreSnapshot(c.handle.db, seed);
        else {
          await resetDatabase(c.handle.db);
          if (seed === 'demo') await seedDemo(c.handle.db, SEED_TIME);
          else await seedCatalogue(c.handle.db);
          seeded = await takeSnapshot(c.handle.db, seed);
        }
        c.clock.now = new Date(SEED_TIME);
        c.payments = sandboxPayments(() => c.clock.now.getTime());
        c.network = sandboxNetworkAdapter({
          secret: TEST_NETWORK_EVENT_SECRET,
          delayMs: null,
          db: c.handle.db,
          clock: () => c.clock.now,
        });
        c.app = harnessApp(c);
      }, 60_000);
      afterAll(async () => ctx?.handle.close());
      suite(() => ctx!);
    });
  }
}

/** The app as every test has it (its database, clock, sandboxes and content), with some of it replaced. */
export function harnessApp(
  c: Pick<TestContext, 'handle' | 'config' | 'clock' | 'payments' | 'network'>,
  given: Partial<Parameters<typeof createApp>[0]> = {},
) {
  return withCheckedErrors(
    createApp({
      db: c.handle.db,
      config: c.config,
      clock: () => c.clock.now,
      payments: c.payments,
      network: c.network,
      content: contentFiles(),
      publishing: harnessPublishing(),
      ...given,
    }),
  );
}

export interface Session {
  token: string;
  binding: string;
  xsrf: string;
  userId: number;
  headers: Record<string, string>;
}

function cookieValue(setCookies: string[], name: string): string {
  const found = setCookies.find((c) => c.startsWith(`${name}=`));
  if (!found) throw new Error(`no ${name} cookie`);
  return found.slice(name.length + 1).split(';')[0]!;
}

/** The session a log-in or sign-up answer opens: its token, its cookies and the headers a call sends. */
async function sessionOf(res: Response): Promise<Session> {
  const body = (await res.json()) as { _payload: { account: { user_id: number } } };
  const setCookies = res.headers.getSetCookie();
  const token = res.headers.get('x-gg-auth')!;
  const binding = cookieValue(setCookies, 'gg_bind');
  const xsrf = cookieValue(setCookies, 'XSRF-TOKEN');
  return {
    token,
    binding,
    xsrf,
    userId: body._payload.account.user_id,
    headers: {
      'x-gg-auth': token,
      'x-gg-transaction': 'test-transaction',
      cookie: `gg_bind=${binding}; XSRF-TOKEN=${xsrf}`,
      'x-xsrf-token': xsrf,
    },
  };
}

export async function login(app: TestContext['app'], email: string, password = DEMO_PASSWORD): Promise<Session> {
  const res = await app.request('/panda/protected/users/current', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  if (res.status !== 200) throw new Error(`login ${email}: ${res.status} ${await res.text()}`);
  return sessionOf(res);
}

/** A request as it arrives on the socket from `peer` (the URL's host is the Host header the client chose). */
export const fromPeer = (
  app: TestContext['app'] | ReturnType<typeof createApp>,
  peer: string,
  url: string,
  init: RequestInit & { headers?: Record<string, string> } = {},
) =>
  app.request(url, init, {
    incoming: {
      socket: { remoteAddress: peer, remotePort: 40_000, remoteFamily: peer.includes(':') ? 'IPv6' : 'IPv4' },
    },
  });

/** A call as the signed-in member would make it. */
export function call(app: TestContext['app'], session: Session, path: string, init: RequestInit = {}) {
  return app.request(path, {
    ...init,
    headers: { ...session.headers, ...(init.headers as Record<string, string> | undefined) },
  });
}

/** One log-in attempt, whatever its outcome (rate-limit tests). */
export function attemptLogin(ctx: TestContext, username: string, password: string) {
  return ctx.app.request('/panda/public/users/current', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password }),
  });
}

/**
 * Signs up as the form does. Raw on purpose: it asks on a host of its own (the mailed links must
 * not carry it: they are on SITE_URL) and some tests send what the contract refuses.
 */
export async function signUp(ctx: TestContext, email: string, extra: Record<string, unknown> = {}) {
  const captcha = 'captcha' in extra ? undefined : await solveCaptcha(ctx.app);
  return ctx.app.request('http://portal.test/panda/public/users', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'New-member-2026',
      firstname: 'Laoise',
      lastname: 'Hayes',
      captcha,
      ...extra,
    }),
  });
}

/** A new member signed up through the API (with the captcha solved), signed in; they have no SIM. */
export async function signUpMember(ctx: TestContext, email: string): Promise<Session> {
  const res = await signUp(ctx, email);
  if (res.status !== 201) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  return sessionOf(res);
}

/** A step-up code for `purpose`, asked for through the API and read from the member's mail (docs/product/member-controls.md). */
export async function stepUpCode(ctx: TestContext, s: Session, purpose: StepUpPurpose): Promise<string> {
  const res = await call(ctx.app, s, `/panda/protected/users/${s.userId}/step-up`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ purpose }),
  });
  if (res.status !== 201) throw new Error(`step-up: ${res.status} ${await res.text()}`);
  const [member] = await ctx.handle.db
    .select({ email: schema.members.email })
    .from(schema.members)
    .where(eq(schema.members.id, s.userId));
  const [mail] = await ctx.handle.db
    .select()
    .from(schema.outbox)
    .where(eq(schema.outbox.to, member!.email))
    .orderBy(desc(schema.outbox.id))
    .limit(1);
  // The mail's one six-digit figure, in whichever language the member reads it.
  const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error('step-up: no code mailed');
  return code;
}
