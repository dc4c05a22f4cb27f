// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { choiceCookie, showBar } from './consent-bar.ts';
import { CONSENT_COOKIE, CONSENT_REVISION, storedChoice } from './consent.ts';

const valueOf = (cookie: string) =>
  JSON.parse(decodeURIComponent(cookie.slice(CONSENT_COOKIE.length + 1).split(';')[0]!)) as Record<string, unknown>;

describe('choiceCookie', () => {
  const at = new Date('2026-11-29T10:00:00Z');
  it('writes the choice as vanilla-cookieconsent does, so the settings and every page read it', () => {
    const cookie = choiceCookie(['necessary', 'analytics'], at, { hostname: 'www.48.ie', protocol: 'https:' });
    expect(storedChoice(cookie.split(';')[0]!)).toEqual(['necessary', 'analytics']);
    const value = valueOf(cookie);
    // The library counts a choice as given only with these (its own validity check).
    expect(value).toMatchObject({
      categories: ['necessary', 'analytics'],
      revision: CONSENT_REVISION,
      consentTimestamp: at.toISOString(),
      lastConsentTimestamp: at.toISOString(),
      languageCode: 'en',
      services: { necessary: [], analytics: [], marketing: [] },
    });
    expect(value['consentId']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(value['expirationTime']).toBe(at.getTime() + 182 * 86_400_000);
    expect(cookie).toContain('; Path=/; SameSite=Lax; Domain=www.48.ie; Secure');
    expect(cookie).toContain(`expires=${new Date(at.getTime() + 182 * 86_400_000).toUTCString()}`);
  });
  it('sets Domain only for a host with a dot and Secure only over https, as the library does', () => {
    const cookie = choiceCookie(['necessary'], at, { hostname: 'localhost', protocol: 'http:' });
    expect(cookie).not.toContain('Domain');
    expect(cookie).not.toContain('Secure');
    expect(valueOf(cookie)['consentId']).not.toBe(valueOf(choiceCookie(['necessary'], at, location))['consentId']);
  });
});

describe('showBar', () => {
  // happy-dom fetches no stylesheet: the bar's link is taken as loaded, as a browser says it.
  const loaded = new MutationObserver((changes) => {
    for (const change of changes)
      for (const node of change.addedNodes) if (node instanceof HTMLLinkElement) node.dispatchEvent(new Event('load'));
  });
  beforeEach(() => loaded.observe(document.head, { childList: true }));
  afterEach(() => {
    loaded.disconnect();
    document.body.innerHTML = '';
    document.cookie = `${CONSENT_COOKIE}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Path=/`;
  });
  const bar = () => document.querySelector<HTMLElement>('[role="dialog"]');
  const button = (name: string) => [...document.querySelectorAll('button')].find((b) => b.textContent === name)!;

  it('asks first in the page, a dialog that leaves the page usable, its link before its three choices', async () => {
    document.body.innerHTML = '<a href="/">48</a>';
    await showBar({ tagManagerId: undefined, openSettings: () => undefined });
    expect(document.body.firstElementChild).toBe(bar());
    expect(bar()!.getAttribute('aria-modal')).toBe('false');
    expect(document.getElementById(bar()!.getAttribute('aria-labelledby')!)!.textContent).toBe('Cookies on 48');
    expect([...bar()!.querySelectorAll('a, button')].map((e) => e.textContent)).toEqual([
      'Cookie details',
      'Accept all',
      'Necessary only',
      'Choose',
    ]);
    expect(document.documentElement.classList.contains('consent-asked')).toBe(true);
  });

  it('"Necessary only" stores the choice, tells Consent Mode and goes; "Choose" opens the settings', async () => {
    const openSettings = vi.fn();
    await showBar({ tagManagerId: undefined, openSettings });
    button('Choose').click();
    expect(openSettings).toHaveBeenCalledOnce();
    // Aside while the settings show (however they were opened); back when they close with nothing chosen.
    expect(bar()!.hidden).toBe(false);
    dispatchEvent(new CustomEvent('cc:onModalShow', { detail: { modalName: 'preferencesModal' } }));
    expect(bar()!.hidden).toBe(true);
    dispatchEvent(new CustomEvent('cc:onModalHide', { detail: { modalName: 'preferencesModal' } }));
    expect(bar()!.hidden).toBe(false);
    button('Necessary only').click();
    expect(storedChoice(document.cookie)).toEqual(['necessary']);
    expect(bar()).toBeNull();
    expect(document.documentElement.classList.contains('consent-asked')).toBe(false);
    const last = [...(window.dataLayer as IArguments[])].at(-1)!;
    expect([...last].slice(0, 2)).toEqual(['consent', 'update']);
    expect(last[2]).toMatchObject({ analytics_storage: 'denied', ad_storage: 'denied' });
    // A choice stored: no bar again.
    await showBar({ tagManagerId: undefined, openSettings });
    expect(bar()).toBeNull();
  });

  it('goes when a choice is saved in the settings instead', async () => {
    await showBar({ tagManagerId: undefined, openSettings: () => undefined });
    dispatchEvent(new CustomEvent('cc:onFirstConsent'));
    expect(bar()).toBeNull();
  });
});
