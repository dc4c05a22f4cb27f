import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { CatalogueAdapter } from '../../../src/server/modules/content/integrations/catalogue/index.ts';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.ts';
import { sentryReporter, type ErrorReporter } from '../../../src/server/error-reporting.ts';
import { seedCatalogue } from '../../../src/server/seed/seed.ts';
import { BUILT_PASSWORD, createMember } from '../support/builders.ts';
import { pgliteTemplate, testConfig } from '../support/harness.ts';

/**
 * Error reporting (docs/product/operations.md): a stand-in for Sentry's ingest receives what the real SDK
 * sends for an unexpected server error; the envelope must say what broke and where, and hold
 * nothing personal (no token, cookie, card number, password or e-mail address).
 */
describe('server error reporting to Sentry', () => {
  const envelopes: string[] = [];
  const ingest = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += String(chunk)));
    req.on('end', () => {
      envelopes.push(`${req.url}\n${body}`);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  let handle: DatabaseHandle;
  let reporter: ErrorReporter;

  beforeAll(async () => {
    await new Promise<void>((resolve) => ingest.listen(0, '127.0.0.1', resolve));
    const { port } = ingest.address() as AddressInfo;
    reporter = await sentryReporter({ dsn: `http://publickey@127.0.0.1:${port}/42`, environment: 'test' });
    handle = await openDatabase('memory://', { pgliteTemplate: await pgliteTemplate() });
    await seedCatalogue(handle.db);
  }, 60_000);
  afterAll(async () => {
    ingest.close();
    await handle.close();
  });

  it('sends the error with its route and request id, scrubbed of everything personal', async () => {
    const secretMessage = 'partner refused jane.doe@example.com card 4111 1111 1111 1111';
    const catalogue: CatalogueAdapter = {
      list: () => Promise.reject(new Error(secretMessage)),
      product: () => undefined,
    };
    const app = createApp({ db: handle.db, config: testConfig(), catalogue, reporter });
    const { email, session: member } = await createMember({ app, handle, clock: { now: new Date() } });
    const res = await app.request('/refb.partner.affiliate.v1.ProductService/ListProducts?email=jane.doe@example.com', {
      method: 'POST',
      headers: { ...member.headers, 'content-type': 'application/json', 'user-agent': 'test-agent' },
      body: JSON.stringify({ siteMarketCode: 'ie' }),
    });
    expect(res.status).toBe(500);
    const { _payload } = (await res.json()) as { _payload: { request_id: string } };
    expect(await reporter.flush(5000)).toBe(true);

    expect(envelopes).toHaveLength(1);
    const sent = envelopes[0]!;
    expect(sent).toContain('/api/42/envelope/');
    expect(sent).toContain('"type":"Error"');
    expect(sent).toContain('partner refused [email] card [number]');
    expect(sent).toContain('"route":"/refb.partner.affiliate.v1.ProductService/ListProducts"');
    expect(sent).toContain(`"request_id":"${_payload.request_id}"`);
    expect(sent).toContain('"user-agent":"test-agent"');
    for (const secret of [
      member.token,
      member.binding,
      member.xsrf,
      'jane.doe@example.com',
      email,
      // The card number as written and as digits (not '4111' alone: a random event or trace id may hold it).
      '4111 1111',
      '4111111111111111',
      BUILT_PASSWORD,
    ]) {
      expect(sent, `the envelope leaks ${secret}`).not.toContain(secret);
    }
  });

  it('the browser may send its reports to the DSN’s origin (CSP connect-src), and nowhere else', async () => {
    const plain = createApp({ db: handle.db, config: testConfig() });
    expect((await plain.request('/panda/health')).headers.get('content-security-policy')).toMatch(
      /connect-src 'self';/,
    );
    const withDsn = createApp({
      db: handle.db,
      config: { ...testConfig(), errorReportOrigin: 'https://o1.ingest.sentry.io' },
    });
    expect((await withDsn.request('/panda/health')).headers.get('content-security-policy')).toContain(
      "connect-src 'self' https://o1.ingest.sentry.io;",
    );
  });
});
