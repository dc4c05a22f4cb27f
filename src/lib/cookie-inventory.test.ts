import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BINDING_COOKIE } from '../server/modules/identity/session-cookie.ts';
import { CONSENT_COOKIE } from './consent.ts';
import { LANG_COOKIE } from '../contract/i18n/locales.ts';
import { inventory, lifetimeKey, listed, purposeKey } from './cookie-inventory.ts';
import { catalogues } from '../contract/i18n/messages.ts';
import { sessionCookieNames } from './session-cookies.ts';
import { storageKeys } from './storage.ts';
import { SESSION_USED_KEY } from './session-keepalive.ts';
import { TRANSACTION_COOKIE } from './transaction.ts';

describe('the cookie inventory of /cookies-details', () => {
  it('lists every cookie and storage key of spec section 3 and every one the code names', () => {
    const names = [
      ...sessionCookieNames,
      'XSRF-TOKEN',
      TRANSACTION_COOKIE,
      BINDING_COOKIE,
      CONSENT_COOKIE,
      LANG_COOKIE,
      'recruiterId',
      'simType',
      ...storageKeys,
      SESSION_USED_KEY,
    ];
    expect(names.filter((name) => !listed(name))).toEqual([]);
    for (const key of storageKeys) expect(inventory.find((i) => i.name === key)?.where).toBe('local storage');
  });
  it('lists only what the portal writes: each of ours is named by the code that writes it', () => {
    const code = readdirSync('src', { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && /\.(ts|tsx|astro|js)$/.test(e.name) && !/cookie-inventory|\.test\./.test(e.name))
      .map((e) => readFileSync(join(e.parentPath, e.name), 'utf8'))
      .join('\n')
      // The list of session cookies cleared at sign-out names them without writing them.
      .replace(/export const sessionCookieNames = \[[^\]]*\]/, '');
    const ours = inventory.filter((i) => i.by === '48');
    expect(ours.length).toBeGreaterThan(20);
    expect(
      ours.filter((i) => !code.includes(`'${i.name}'`) && !code.includes(`"${i.name}"`)).map((i) => i.name),
    ).toEqual([]);
  });
  it('gives each a purpose and a lifetime in every language, once', () => {
    for (const item of inventory)
      for (const catalogue of Object.values(catalogues) as Record<string, string | undefined>[]) {
        expect(catalogue[purposeKey(item)]?.length, item.name).toBeGreaterThan(20);
        expect(catalogue[lifetimeKey(item)], item.name).toBeTruthy();
      }
    const purposes = new Set(inventory.map((item) => purposeKey(item)));
    const keys = Object.keys(catalogues.en).filter((key) => key.startsWith('cookies.purpose.'));
    expect(
      keys.filter((key) => !purposes.has(key as `cookies.purpose.${string}`)),
      'a purpose of nothing listed',
    ).toEqual([]);
    expect(new Set(inventory.map((i) => `${i.where}:${i.name}`)).size).toBe(inventory.length);
  });
  it('puts only Google’s tags behind consent, and none of ours', () => {
    expect(inventory.filter((i) => i.category !== 'necessary').every((i) => i.by === 'Google')).toBe(true);
    expect(inventory.filter((i) => i.by === 'Google').every((i) => i.category !== 'necessary')).toBe(true);
  });
  it('matches a container-specific name by its pattern only', () => {
    expect(listed('_ga_ABC123')).toBe(true);
    expect(listed('_ga_')).toBe(false);
    expect(listed('somethingElse')).toBe(false);
  });
});
