import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readEnv } from './env.ts';
import { productionSettings } from './production-settings.fixture.ts';
import { resolveSecrets } from './secrets.ts';
import { resolveVapid } from './vapid.ts';

const dir = () => mkdtempSync(join(tmpdir(), 'secrets-'));
const given = 'g'.repeat(40);

describe('the server’s secrets', () => {
  it('made once and kept (mode 600): a restart gets the same values', () => {
    const dataDir = dir();
    const first = resolveSecrets({}, { dataDir, production: false });
    expect(Object.values(first.source)).toEqual(['generated', 'generated', 'generated']);
    expect(first.values.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(new Set(Object.values(first.values)).size).toBe(3);
    expect(statSync(first.file).mode & 0o777).toBe(0o600);
    const again = resolveSecrets({}, { dataDir, production: false });
    expect(again.values).toEqual(first.values);
    expect(Object.values(again.source)).toEqual(['file', 'file', 'file']);
  });

  it('a value in the environment wins and is not written; a missing one is added to the file', () => {
    const dataDir = dir();
    const first = resolveSecrets({ SESSION_SECRET: given }, { dataDir, production: false });
    expect(first.values.SESSION_SECRET).toBe(given);
    expect(first.source.SESSION_SECRET).toBe('env');
    expect(JSON.parse(readFileSync(first.file, 'utf8'))).not.toHaveProperty('SESSION_SECRET');
    writeFileSync(first.file, JSON.stringify({ HELPDESK_SECRET: first.values.HELPDESK_SECRET }));
    const second = resolveSecrets({ SESSION_SECRET: given }, { dataDir, production: false });
    expect(second.values.HELPDESK_SECRET).toBe(first.values.HELPDESK_SECRET);
    expect(second.source.CAPTCHA_HMAC_KEY).toBe('generated');
  });

  it('a damaged file is not trusted: new values are made', () => {
    const dataDir = dir();
    writeFileSync(join(dataDir, 'secrets.json'), '{"SESSION_SECRET": "short"');
    const resolved = resolveSecrets({}, { dataDir, production: false });
    expect(resolved.values.SESSION_SECRET).not.toBe('short');
    expect(resolved.values.SESSION_SECRET.length).toBeGreaterThanOrEqual(32);
  });

  it('NODE_ENV=production refuses to start without them, naming the missing ones', () => {
    const dataDir = dir();
    expect(() =>
      readEnv({ ...productionSettings, NODE_ENV: 'production', DATA_DIR: dataDir, SESSION_SECRET: given }),
    ).toThrow(/HELPDESK_SECRET, CAPTCHA_HMAC_KEY must be set when NODE_ENV=production/);
    const env = readEnv({
      ...productionSettings,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      SESSION_SECRET: given,
      HELPDESK_SECRET: given,
      CAPTCHA_HMAC_KEY: given,
    });
    expect(env.keptSecrets).toEqual([]);
    expect(env.SESSION_SECRET).toBe(given);
  });

  it('readEnv outside production reports the kept ones', () => {
    const dataDir = dir();
    const env = readEnv({ DATA_DIR: dataDir });
    expect(env.keptSecrets.map((k) => [k.name, k.source])).toEqual([
      ['SESSION_SECRET', 'generated'],
      ['HELPDESK_SECRET', 'generated'],
      ['CAPTCHA_HMAC_KEY', 'generated'],
    ]);
    expect(readEnv({ DATA_DIR: dataDir }).SESSION_SECRET).toBe(env.SESSION_SECRET);
  });

  it('the VAPID pair (docs/product/phone.md): made once beside the other secrets, kept across restarts; given ones win', () => {
    const dataDir = dir();
    const site = { dataDir, siteUrl: 'https://www.48.ie' };
    const first = resolveVapid({}, site);
    expect(first.source).toBe('generated');
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(first.subject).toBe('https://www.48.ie');
    // The other secrets made later keep the pair in the file, and the pair keeps them.
    const own = resolveSecrets({}, { dataDir, production: false });
    const again = resolveVapid({}, site);
    expect(again).toMatchObject({ publicKey: first.publicKey, privateKey: first.privateKey, source: 'file' });
    expect(resolveSecrets({}, { dataDir, production: false }).values).toEqual(own.values);
    expect(statSync(own.file).mode & 0o777).toBe(0o600);
    const pair = {
      VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`,
      VAPID_PRIVATE_KEY: 'k'.repeat(43),
      VAPID_SUBJECT: 'mailto:ops@48.ie',
    };
    expect(resolveVapid(pair, site)).toMatchObject({
      publicKey: pair.VAPID_PUBLIC_KEY,
      subject: 'mailto:ops@48.ie',
      source: 'env',
    });
  });
});
