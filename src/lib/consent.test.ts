// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import {
  applyChoice,
  CONSENT_COOKIE,
  CONSENT_DEFAULTS,
  CONSENT_REVISION,
  consentState,
  gtag,
  loadTagManager,
  storedChoice,
} from './consent.ts';

const stored = (value: unknown) => `other=1; ${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify(value))}; more=2`;

describe('storedChoice', () => {
  it('reads the categories of a choice of this revision', () => {
    expect(storedChoice(stored({ categories: ['necessary', 'analytics'], revision: CONSENT_REVISION }))).toEqual([
      'necessary',
      'analytics',
    ]);
    expect(
      storedChoice(stored({ categories: ['marketing', 'necessary', 'unknown'], revision: CONSENT_REVISION })),
    ).toEqual(['necessary', 'marketing']);
  });
  it('asks again for none, a broken one, an older revision, or one without the necessary category', () => {
    expect(storedChoice('')).toBeUndefined();
    expect(storedChoice('cc_cookie=%7Bbroken')).toBeUndefined();
    expect(storedChoice(stored({ categories: ['necessary'], revision: CONSENT_REVISION - 1 }))).toBeUndefined();
    expect(storedChoice(stored({ categories: ['analytics'], revision: CONSENT_REVISION }))).toBeUndefined();
    expect(storedChoice(stored({ categories: 'necessary', revision: CONSENT_REVISION }))).toBeUndefined();
    expect(storedChoice(stored(null))).toBeUndefined();
    expect(
      storedChoice(
        `x${CONSENT_COOKIE}=${encodeURIComponent(JSON.stringify({ categories: ['necessary'], revision: CONSENT_REVISION }))}`,
      ),
    ).toBeUndefined();
  });
});

describe('Consent Mode', () => {
  it('starts with the four v2 signals denied and only what the site needs granted', () => {
    expect(CONSENT_DEFAULTS).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'denied',
      functionality_storage: 'granted',
      personalization_storage: 'denied',
      security_storage: 'granted',
    });
    expect(consentState(['necessary'])).toEqual(CONSENT_DEFAULTS);
  });
  it('grants analytics storage for analytics and the ad signals for marketing, each alone', () => {
    expect(consentState(['necessary', 'analytics'])).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentState(['necessary', 'marketing'])).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });
});

describe('the tag manager', () => {
  beforeEach(() => {
    document.head.innerHTML = '';
    window.dataLayer = [];
  });
  it('gtag pushes an arguments object, as Google’s tags expect', () => {
    gtag('consent', 'default', CONSENT_DEFAULTS);
    const pushed = window.dataLayer![0] as IArguments;
    expect(Object.prototype.toString.call(pushed)).toBe('[object Arguments]');
    expect([...pushed]).toEqual(['consent', 'default', CONSENT_DEFAULTS]);
  });
  it('loads only with consent to analytics or marketing, and only once', () => {
    applyChoice(['necessary'], 'GTM-TEST01');
    expect(document.querySelectorAll('script')).toHaveLength(0);
    applyChoice(['necessary', 'analytics'], 'GTM-TEST01');
    applyChoice(['necessary', 'analytics', 'marketing'], 'GTM-TEST01');
    const scripts = document.querySelectorAll('script');
    expect(scripts).toHaveLength(1);
    expect(scripts[0]!.src).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-TEST01');
    expect(loadTagManager('GTM-TEST01')).toBe(false);
    // Each choice told Consent Mode before the tags could read it.
    const updates = window
      .dataLayer!.filter((entry) => Object.prototype.toString.call(entry) === '[object Arguments]')
      .map((entry) => [...(entry as IArguments)]);
    expect(updates.map((u) => [u[0], u[1], (u[2] as Record<string, string>)['analytics_storage']])).toEqual([
      ['consent', 'update', 'denied'],
      ['consent', 'update', 'granted'],
      ['consent', 'update', 'granted'],
    ]);
  });
  it('never loads without a container id', () => {
    applyChoice(['necessary', 'analytics', 'marketing'], undefined);
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });
});
