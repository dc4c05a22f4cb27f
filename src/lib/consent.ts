/**
 * Consent (docs/product/operations.md): the visitor's stored choice, Google Consent Mode v2 and the tag
 * manager. Loaded on every page, so it stays small: the first visit's bar (consent-bar.ts) loads only
 * while no choice is stored, the settings (vanilla-cookieconsent, consent-banner.ts) when asked for.
 */

import { CONSENT_COOKIE } from './consent-cookie.ts';

export { CONSENT_COOKIE };
/** Raise it when the categories or what they cover change: every stored choice is asked for again. */
export const CONSENT_REVISION = 1;
/** How long a choice is kept before it is asked for again. */
export const CONSENT_DAYS = 182;

export const CATEGORIES = ['necessary', 'analytics', 'marketing'] as const;
export type Category = (typeof CATEGORIES)[number];

type ConsentValue = 'granted' | 'denied';
/** The Consent Mode v2 state. The key names are written out, as Google's tags read them. */
export interface ConsentState {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
  functionality_storage: ConsentValue;
  personalization_storage: ConsentValue;
  security_storage: ConsentValue;
}

/** What a set of accepted categories grants: analytics → analytics storage; marketing → the three ad signals. */
export function consentState(categories: readonly string[]): ConsentState {
  const grant = (category: Category): ConsentValue => (categories.includes(category) ? 'granted' : 'denied');
  return {
    ad_storage: grant('marketing'),
    ad_user_data: grant('marketing'),
    ad_personalization: grant('marketing'),
    analytics_storage: grant('analytics'),
    functionality_storage: 'granted',
    personalization_storage: grant('marketing'),
    security_storage: 'granted',
  };
}

/** Before any choice, and for a visitor who refuses: everything but what the site needs to work is denied. */
export const CONSENT_DEFAULTS: ConsentState = consentState([]);

/**
 * The categories of a stored choice read from a cookie string, or undefined when there is none
 * the banner would accept (missing, unreadable, or from an older revision): then it is asked for.
 */
export function storedChoice(cookies: string): Category[] | undefined {
  const match = new RegExp(`(?:^|;\\s*)${CONSENT_COOKIE}=([^;]*)`).exec(cookies);
  if (!match) return undefined;
  try {
    const value: unknown = JSON.parse(decodeURIComponent(match[1]!));
    if (typeof value !== 'object' || value === null) return undefined;
    const { revision, categories } = value as { revision?: unknown; categories?: unknown };
    if (revision !== CONSENT_REVISION || !Array.isArray(categories) || !categories.includes('necessary'))
      return undefined;
    return CATEGORIES.filter((category) => categories.includes(category));
  } catch {
    return undefined;
  }
}

/** Whether a choice lets the tag manager load at all. */
export const allowsTagManager = (categories: readonly string[]) =>
  categories.includes('analytics') || categories.includes('marketing');

declare global {
  interface Window {
    dataLayer?: unknown[];
  }
}

/** Google's gtag(): it must push the arguments object itself, which is how the tags tell a command from data. */
export function gtag(..._args: unknown[]): void {
  // eslint-disable-next-line prefer-rest-params -- see above: an array is not read as a command
  (window.dataLayer ??= []).push(arguments);
}

export const TAG_MANAGER_ORIGIN = 'https://www.googletagmanager.com';

/** Loads the tag manager once per page; a second call (a later change of mind) only updates consent. */
export function loadTagManager(id: string, doc: Document = document): boolean {
  if (doc.querySelector('script[data-tag-manager]')) return false;
  (window.dataLayer ??= []).push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  const script = doc.createElement('script');
  script.async = true;
  script.dataset['tagManager'] = id;
  script.src = `${TAG_MANAGER_ORIGIN}/gtm.js?id=${encodeURIComponent(id)}`;
  doc.head.append(script);
  return true;
}

/** A choice made or read: Consent Mode is told, and the tag manager loads if the choice allows it and the site has one. */
export function applyChoice(categories: readonly string[], tagManagerId: string | undefined): void {
  gtag('consent', 'update', consentState(categories));
  if (tagManagerId && allowsTagManager(categories)) loadTagManager(tagManagerId);
}
