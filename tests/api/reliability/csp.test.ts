import { expect, it } from 'vitest';
import { createApp } from '../../../src/server/app.ts';
import type { Database } from '../../../src/server/db/client.ts';
import { sandboxPayments } from '../../../src/server/integrations/payments/index.ts';
import { testConfig } from '../support/harness.ts';

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
