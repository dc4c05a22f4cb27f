import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { sandboxNote } from './app-config.ts';
import { productionSettings } from './production-settings.fixture.ts';

const secrets = { SESSION_SECRET: 's'.repeat(40), HELPDESK_SECRET: 'h'.repeat(40), CAPTCHA_HMAC_KEY: 'c'.repeat(40) };
const production = (extra: Record<string, string | undefined> = {}) => ({
  NODE_ENV: 'production',
  DATA_DIR: mkdtempSync(join(tmpdir(), 'env-')),
  ...productionSettings,
  ...secrets,
  ...extra,
});

describe('production refuses what is only for trying (docs/product/production.md)', () => {
  it('starts with every setting given: sandboxes off', () => {
    const env = readEnv(production());
    expect(env.SANDBOX).toBe(false);
    expect(env.SMTP_URL).toBe('smtp://mail.internal:587');
  });

  it('refuses the retired shared credentials: finance and editors sign in to the staff console as themselves', () => {
    expect(() => readEnv(production({ FINANCE_TOKEN: 'f'.repeat(30) }))).toThrow(
      'FINANCE_TOKEN is retired in production: finance and editors sign in to the staff console (STAFF_OIDC_*)',
    );
    expect(() => readEnv(production({ CMS_EDITOR_TOKEN: 'e'.repeat(30) }))).toThrow(
      /CMS_EDITOR_TOKEN is retired in production/,
    );
    // The console's provider: all three settings or none, an issuer that is a URL.
    expect(() => readEnv(production({ STAFF_OIDC_ISSUER: 'https://login.example.com/48' }))).toThrow(
      /STAFF_OIDC_CLIENT_ID/,
    );
    const on = readEnv(
      production({
        STAFF_OIDC_ISSUER: 'https://login.example.com/48',
        STAFF_OIDC_CLIENT_ID: 'portal',
        STAFF_OIDC_CLIENT_SECRET: 'x'.repeat(32),
      }),
    );
    expect(on.STAFF_OIDC_ROLE_CLAIM).toBe('roles');
  });

  it('names every missing setting in one message', () => {
    const env = production({ SMTP_URL: undefined, GEOIP_URL: undefined, HELPDESK_SECRET: undefined });
    expect(() => readEnv(env)).toThrow(
      'Invalid configuration for production: SMTP_URL, GEOIP_URL, HELPDESK_SECRET must be set when NODE_ENV=production',
    );
    // docs/product/phone.md: push needs its VAPID keys given in production (a pair made on one instance would not be shared).
    // docs/product/network.md: no production without its mobile network.
    expect(() =>
      readEnv(
        production({
          NETWORK_API_URL: undefined,
          NETWORK_TOKEN_URL: undefined,
          NETWORK_CLIENT_ID: undefined,
          NETWORK_CLIENT_SECRET: undefined,
          NETWORK_EVENT_SECRET: undefined,
        }),
      ),
    ).toThrow(
      'Invalid configuration for production: NETWORK_API_URL, NETWORK_TOKEN_URL, NETWORK_CLIENT_ID, NETWORK_CLIENT_SECRET, NETWORK_EVENT_SECRET must be set when NODE_ENV=production',
    );
    expect(() => readEnv(production({ NETWORK_CLIENT_SECRET: undefined }))).toThrow(
      /NETWORK_API_URL, NETWORK_TOKEN_URL, NETWORK_CLIENT_ID and NETWORK_CLIENT_SECRET go together/,
    );
    expect(() => readEnv(production({ VAPID_PRIVATE_KEY: undefined, VAPID_SUBJECT: undefined }))).toThrow(
      'Invalid configuration for production: VAPID_PRIVATE_KEY, VAPID_SUBJECT must be set when NODE_ENV=production',
    );
    expect(() => readEnv({ NODE_ENV: 'production' })).toThrow(
      /DATABASE_URL must be a postgres:\/\/ URL.*SMTP_URL, PAYMENT_BASE_URL, PAYMENT_ENTITY_ID, PAYMENT_ACCESS_TOKEN, REFERRAL_DOMAIN, REFERRAL_TOKEN, REFERRAL_SIGNATURE, CATALOGUE_URL, CATALOGUE_API_KEY, GEOIP_URL, HELPDESK_API_URL, HELPDESK_API_TOKEN, HELPDESK_WEBHOOK_SECRET, DELIVERY_API_URL, DELIVERY_API_TOKEN, HELPDESK_URL, HELPDESK_SECRET, CAPTCHA_HMAC_KEY, VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT, NETWORK_API_URL, NETWORK_TOKEN_URL, NETWORK_CLIENT_ID, NETWORK_CLIENT_SECRET, NETWORK_EVENT_SECRET, CHAT_API_URL, CHAT_API_TOKEN, CHAT_INBOX_ID, CHAT_WEBHOOK_SECRET, SESSION_SECRET must be set/,
    );
  });

  it('needs SITE_URL (the origin of every link mailed); elsewhere it is the listening origin', () => {
    expect(() => readEnv(production({ SITE_URL: undefined }))).toThrow(
      'Invalid configuration for production: SITE_URL must be set when NODE_ENV=production',
    );
    const dataDir = mkdtempSync(join(tmpdir(), 'env-'));
    expect(readEnv({ DATA_DIR: dataDir }).SITE_URL).toBe('http://localhost:4321');
    expect(readEnv({ DATA_DIR: dataDir, HOST: '0.0.0.0', PORT: '8080' }).SITE_URL).toBe('http://localhost:8080');
    expect(readEnv({ DATA_DIR: dataDir, SITE_URL: 'https://try.48.ie/' }).SITE_URL).toBe('https://try.48.ie');
  });

  it('refuses SANDBOX=true and the embedded database', () => {
    expect(() => readEnv(production({ SANDBOX: 'true' }))).toThrow(
      'Invalid configuration for production: SANDBOX=true is not allowed with NODE_ENV=production',
    );
    expect(() => readEnv(production({ TEST_MEMBERS: 'true' }))).toThrow(
      'Invalid configuration for production: TEST_MEMBERS=true is not allowed with NODE_ENV=production',
    );
    expect(readEnv(production({})).TEST_MEMBERS).toBe(false);
    for (const url of [undefined, 'memory://'])
      expect(() => readEnv(production({ DATABASE_URL: url }))).toThrow(/DATABASE_URL must be a postgres:\/\/ URL/);
  });

  it('development stays as it is: sandboxes on unless turned off, no setting required', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'env-'));
    expect(readEnv({ DATA_DIR: dataDir }).SANDBOX).toBe(true);
    expect(readEnv({ DATA_DIR: dataDir, SANDBOX: 'false' }).SANDBOX).toBe(false);
    // A public host (an https SITE_URL) has none unless SANDBOX=true is said out loud.
    expect(readEnv({ DATA_DIR: dataDir, SITE_URL: 'https://staging.48.ie' }).SANDBOX).toBe(false);
    expect(readEnv({ DATA_DIR: dataDir, SITE_URL: 'https://staging.48.ie', SANDBOX: 'true' }).SANDBOX).toBe(true);
    expect(readEnv({ DATA_DIR: dataDir, SITE_URL: 'http://192.168.1.20:4321' }).SANDBOX).toBe(true);
    expect(readEnv({ DATA_DIR: dataDir }).MAIL_FROM).toBe('48 <hello@48.ie>');
    expect(() => readEnv({ DATA_DIR: dataDir, SMTP_URL: 'http://mail' })).toThrow(/SMTP_URL: must be smtp/);
  });
});

describe('the start says whether the sandboxes answer, and why', () => {
  it('on for trying; off in production, on a public https host, or when turned off', () => {
    const base = { SITE_URL: 'http://localhost:4321', NODE_ENV: 'development' } as const;
    expect(sandboxNote({ ...base, SANDBOX: true }, undefined)).toMatch(/^sandboxes on \(\/sandbox\/…\)/);
    expect(sandboxNote({ ...base, SITE_URL: 'https://staging.48.ie', SANDBOX: true }, 'true')).toContain(
      'as SANDBOX=true says',
    );
    expect(sandboxNote({ ...base, NODE_ENV: 'production', SANDBOX: false })).toBe('sandboxes off (production)');
    expect(sandboxNote({ ...base, SITE_URL: 'https://www.48.ie', SANDBOX: false })).toBe(
      'sandboxes off: SITE_URL is https, a public host (SANDBOX=true turns them on to try the portal there)',
    );
    expect(sandboxNote({ ...base, SANDBOX: false })).toBe('sandboxes off (SANDBOX=false)');
  });
});
