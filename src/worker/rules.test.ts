import { PREFIXED_LOCALES } from '../contract/i18n/locales.ts';
import { describe, expect, it } from 'vitest';
import { handlingOf, keepsAnswer, LOG_IN_SHELL, MY48_SHELL, releaseOf, type RequestFacts } from './rules.ts';

const origin = 'https://www.48.ie';
const facts = (path: string, over: Partial<RequestFacts> = {}): RequestFacts => ({
  url: `${origin}${path}`,
  origin,
  method: 'GET',
  mode: 'cors',
  signedIn: true,
  ...over,
});

describe('what the service worker does with a request (docs/product/phone.md, "Offline")', () => {
  it('keeps the dashboard’s three reads of a signed-in member, and nothing else under /panda', () => {
    for (const path of [
      '/panda/protected/users/42/sims/owned',
      '/panda/protected/users/42/sims/8935301000000100001/balance/summary/current',
      '/panda/protected/users/42/notification/inapp/summary',
    ])
      expect(handlingOf(facts(path)), path).toEqual({ kind: 'member-read' });
    for (const path of [
      '/panda/protected/users/42/segments',
      '/panda/protected/users/42/sims/1/usage/daily',
      '/panda/protected/users/42/transactions',
      '/panda/public/users/current',
      '/panda/protected/users/42/sims/owned/extra',
    ])
      expect(handlingOf(facts(path)), path).toEqual({ kind: 'pass' });
  });

  it('never a write, a read without the session, a read with a query, or another origin', () => {
    const read = '/panda/protected/users/42/sims/owned';
    expect(handlingOf(facts(read, { method: 'POST' }))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts(read, { method: 'DELETE' }))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts(read, { signedIn: false }))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts(`${read}?user=43`))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts(read, { url: `https://evil.example${read}` }))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts('/_astro/App.abc.js', { url: 'https://cdn.example/_astro/App.abc.js' }))).toEqual({
      kind: 'pass',
    });
  });

  it('opens every /my48 address on the kept shell, renewed only by the dashboard’s own page; /log-in too', () => {
    const nav = (path: string) => handlingOf(facts(path, { mode: 'navigate', signedIn: false }));
    expect(nav('/my48')).toEqual({ kind: 'shell', key: MY48_SHELL, renews: true });
    expect(nav('/my48/')).toEqual({ kind: 'shell', key: MY48_SHELL, renews: true });
    expect(nav('/my48/settings/alerts')).toEqual({ kind: 'shell', key: MY48_SHELL, renews: false });
    expect(nav('/log-in?redirect=%2Fmy48')).toEqual({ kind: 'shell', key: LOG_IN_SHELL, renews: true });
    // Each language's shell is kept apart, in every language the site has.
    for (const locale of PREFIXED_LOCALES) {
      expect(nav(`/${locale}/my48`)).toEqual({ kind: 'shell', key: `/${locale}/my48/`, renews: true });
      expect(nav(`/${locale}/my48/usage`)).toEqual({ kind: 'shell', key: `/${locale}/my48/`, renews: false });
    }
    expect(nav('/xx/my48')).toEqual({ kind: 'pass' });
    // Content pages are the network's: no worker in their way.
    for (const path of ['/', '/help', '/my48x', '/log-out', '/memberships'])
      expect(nav(path), path).toEqual({ kind: 'pass' });
  });

  it('serves hashed bundles from its copy; other files pass', () => {
    expect(handlingOf(facts('/_astro/App.UCZ_-ozx.js', { signedIn: false }))).toEqual({ kind: 'asset' });
    expect(handlingOf(facts('/favicon.svg', { signedIn: false }))).toEqual({ kind: 'pass' });
    expect(handlingOf(facts('/sw.js', { signedIn: false }))).toEqual({ kind: 'pass' });
  });

  it('keeps answers the dashboard shows from (200, the spec’s 400s), never a 401, 403 or a failure', () => {
    expect([200, 400, 401, 403, 404, 500, 504].filter(keepsAnswer)).toEqual([200, 400]);
  });

  it('tells a new release by the app’s own bundle', () => {
    const shell = (bundle: string) => `<astro-island uid="x" component-url="/_astro/${bundle}.js" client="only">`;
    expect(releaseOf(shell('App.a1'))).toBe('/_astro/App.a1.js');
    expect(releaseOf(shell('App.a1'))).not.toBe(releaseOf(shell('App.b2')));
    expect(releaseOf('<html></html>')).toBeUndefined();
  });
});
