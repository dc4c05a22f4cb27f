import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import {
  request as httpRequest,
  createServer as createHttpServer,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productionSettings } from '../../../src/server/production-settings.fixture.ts';
import { startServer } from '../../bench/api.ts';
import { makeCertificate } from '../../setup/push-service.ts';
import { freshPostgresDatabase } from '../support/harness.ts';

/**
 * The security headers graded as a scanner grades them (docs/product/production.md): Mozilla's HTTP
 * Observatory (tests/setup/observatory-scan.ts) over the portal in production mode behind an https
 * proxy that does what deploy/nginx.conf does (port 80 sends to https, 443 forwards with the
 * X-Forwarded headers the portal trusts from loopback). The scanner only scans the default ports of
 * a host: the proxy listens on 127.0.0.1 and ::1, ports 80 and 443, which needs root (CI runs as
 * root). Production mode needs PostgreSQL.
 */
const url = process.env['TEST_DATABASE_URL'];
const root = process.getuid?.() === 0;
if (!root) console.warn('Not root: the HTTP Observatory test (ports 80 and 443) is skipped.');

type Graded = { path: string; status: number; grade: string; score: number; tests: Record<string, string> };

describe.skipIf(!url || !root)('the HTTP Observatory over production behind https', () => {
  let stopPortal = async () => {};
  const proxies: Server[] = [];
  const tls = makeCertificate();

  beforeAll(async () => {
    const portal = await startServer({
      ...productionSettings,
      SESSION_SECRET: 's'.repeat(40),
      HELPDESK_SECRET: 'h'.repeat(40),
      CAPTCHA_HMAC_KEY: 'c'.repeat(40),
      NODE_ENV: 'production',
      DATABASE_URL: await freshPostgresDatabase(url!, 'observatory'),
      // Nothing is mailed here; production only requires the setting.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SITE_URL: 'https://localhost',
      TRUST_PROXY: 'loopback',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'observatory-')),
    });
    stopPortal = portal.stop;
    const upstream = new URL(portal.base);
    const forward = (req: IncomingMessage, res: ServerResponse) => {
      const up = httpRequest(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: {
            ...req.headers,
            host: 'localhost',
            'x-forwarded-for': req.socket.remoteAddress ?? '',
            'x-forwarded-proto': 'https',
            'x-forwarded-host': 'localhost',
          },
        },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      up.on('error', () => res.writeHead(502).end());
      req.pipe(up);
    };
    const credentials = { cert: readFileSync(tls.cert), key: readFileSync(tls.key) };
    for (const host of ['127.0.0.1', '::1']) {
      proxies.push(createHttpsServer(credentials, forward));
      proxies.push(
        createHttpServer((req, res) => res.writeHead(301, { location: `https://localhost${req.url}` }).end()),
      );
      await Promise.all(
        proxies.slice(-2).map(
          (server, i) =>
            new Promise<void>((resolve, reject) => {
              server.once('error', reject);
              server.listen(i === 0 ? 443 : 80, host, resolve);
            }),
        ),
      );
    }
  }, 120_000);

  afterAll(async () => {
    await Promise.all(proxies.map((s) => new Promise((resolve) => s.close(resolve))));
    await stopPortal();
  });

  it('grades A+ (100 or more) on /, /log-in and /my48, as its own scan() does', async () => {
    const { stdout } = await new Promise<{ stdout: string }>((resolve, reject) =>
      execFile(
        process.execPath,
        ['tests/setup/observatory-scan.ts', 'localhost', '/', '/log-in', '/my48'],
        { env: { ...process.env, NODE_EXTRA_CA_CERTS: tls.cert }, timeout: 60_000 },
        (error, out, err) => (error ? reject(new Error(`${error.message}\n${err}`)) : resolve({ stdout: out })),
      ),
    );
    const result = JSON.parse(stdout) as { scan: Omit<Graded, 'path' | 'status'>; paths: Graded[] };
    // The per-path grading is the scanner's: on the home page it agrees with scan() in every test.
    const home = result.paths.find((p) => p.path === '/')!;
    expect({ grade: home.grade, score: home.score, tests: home.tests }).toEqual(result.scan);
    for (const page of result.paths) {
      expect(page.status, page.path).toBe(200);
      expect({ path: page.path, grade: page.grade }).toEqual({ path: page.path, grade: 'A+' });
      expect(page.score, page.path).toBeGreaterThanOrEqual(100);
      expect(page.tests['strict-transport-security'], page.path).toBe('hsts-implemented-max-age-at-least-six-months');
      expect(page.tests['redirection'], page.path).toBe('redirection-to-https');
      expect(page.tests['content-security-policy'], page.path).toBe('csp-implemented-with-no-unsafe');
    }
  }, 90_000);
});
