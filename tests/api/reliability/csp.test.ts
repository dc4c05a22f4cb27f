import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { sandboxPayments } from '../../../src/server/modules/money/integrations/payments/index.ts';
import { testConfig } from '../support/harness.ts';
import { cspReportUriOf } from '../../../src/server/http/csp-reports.ts';

it('the card provider’s origin is allowed on /payment-gateway/ only', async () => {
  const payments = { ...sandboxPayments(), origins: ['https://eu-test.oppwa.com'] };
  const app = createApp({ db: {} as Database, config: testConfig(), payments });
  const csp = async (path: string) => (await app.request(path)).headers.get('content-security-policy') ?? '';
  const gateway = await csp('/payment-gateway/?checkout=x');
  expect(gateway).toMatch(/script-src [^;]*https:\/\/eu-test\.oppwa\.com/);
  expect(gateway).toMatch(/frame-src [^;]*https:\/\/eu-test\.oppwa\.com/);
  expect(gateway).toMatch(/form-action [^;]*https:\/\/eu-test\.oppwa\.com/);
  for (const path of ['/', '/my48', '/gift-shop', '/panda/health'])
    expect(await csp(path), path).not.toContain('oppwa');
  // With the sandbox (ours), no page allows another origin for scripts.
  const sandbox = createApp({ db: {} as Database, config: testConfig() });
  expect((await sandbox.request('/payment-gateway/?checkout=x')).headers.get('content-security-policy')).not.toContain(
    'https://',
  );
});

it('Google’s tag origins are allowed only when the site has a tag manager (PUBLIC_GTM_ID)', async () => {
  const csp = async (tagManager: boolean) =>
    (await createApp({ db: {} as Database, config: { ...testConfig(), tagManager } }).request('/help')).headers.get(
      'content-security-policy',
    ) ?? '';
  const withTags = await csp(true);
  expect(withTags).toMatch(/script-src [^;]*https:\/\/\*\.googletagmanager\.com/);
  expect(withTags).toMatch(/connect-src [^;]*https:\/\/\*\.google-analytics\.com/);
  expect(withTags).toMatch(/img-src [^;]*https:\/\/\*\.google-analytics\.com/);
  // Scripts still need a hash or an origin: the tag manager's own inline snippet is not how it loads here.
  expect(withTags).not.toContain('unsafe-inline');
  expect(await csp(false)).not.toContain('google');
});

it('browsers report what the policy refused: to the sandbox’s collector here, to Sentry’s security endpoint with a DSN', async () => {
  const app = createApp({ db: {} as Database, config: testConfig() });
  const csp = (await app.request('/help')).headers.get('content-security-policy') ?? '';
  expect(csp).toMatch(/report-uri \/sandbox\/csp-reports(;|$)/);
  const report = (type: string, body: unknown, userAgent = 'Engine/1') =>
    app.request('/sandbox/csp-reports', {
      method: 'POST',
      headers: { 'content-type': type, 'user-agent': userAgent },
      body: JSON.stringify(body),
    });
  // report-uri's shape (every engine) and the Reporting API's; the query of a page is not kept.
  const classic = await report('application/csp-report', {
    'csp-report': {
      'document-uri': 'http://127.0.0.1/log-in?token=secret',
      'effective-directive': 'script-src',
      'blocked-uri': 'eval',
    },
  });
  expect(classic.status).toBe(204);
  const modern = await report('application/reports+json', [
    {
      type: 'csp-violation',
      url: 'http://127.0.0.1/my48',
      body: { effectiveDirective: 'style-src-attr', blockedURL: 'inline' },
    },
  ]);
  expect(modern.status).toBe(204);
  // Not a report: refused, nothing kept.
  expect((await report('text/plain', { hello: 'world' })).status).toBe(400);
  expect((await app.request('/sandbox/csp-reports', { method: 'POST', body: 'x'.repeat(20_000) })).status).toBe(400);
  const kept = (await (await app.request('/sandbox/csp-reports.json')).json()) as {
    _payload: { violations: { page: string; directive: string; blocked: string; userAgent: string }[] };
  };
  expect(
    kept._payload.violations.map(({ page, directive, blocked, userAgent }) => [page, directive, blocked, userAgent]),
  ).toEqual([
    ['/log-in', 'script-src', 'eval', 'Engine/1'],
    ['/my48', 'style-src-attr', 'inline', 'Engine/1'],
  ]);

  // Production: no sandbox, no collector; with the browser DSN, Sentry's security endpoint for its project.
  expect(cspReportUriOf(undefined, false)).toBeUndefined();
  expect(cspReportUriOf('https://abc123@o42.ingest.sentry.io/4501', false)).toBe(
    'https://o42.ingest.sentry.io/api/4501/security/?sentry_key=abc123',
  );
  const production = createApp({
    db: {} as Database,
    config: {
      ...testConfig(),
      sandbox: false,
      cspReportUri: cspReportUriOf('https://abc123@o42.ingest.sentry.io/4501', false)!,
    },
  });
  const productionCsp = (await production.request('/help')).headers.get('content-security-policy') ?? '';
  expect(productionCsp).toContain('report-uri https://o42.ingest.sentry.io/api/4501/security/?sentry_key=abc123');
  expect((await production.request('/sandbox/csp-reports.json')).status).toBe(404);
});
