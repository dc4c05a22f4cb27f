import { CONSENT_COOKIE, CONSENT_DAYS, CONSENT_REVISION, type Category } from '../../src/lib/consent.ts';

/** A stored consent choice as vanilla-cookieconsent writes it, for a browser context's storageState. */
export function consentCookie(categories: Category[], domain = '127.0.0.1') {
  const now = new Date();
  const expires = new Date(now.getTime() + CONSENT_DAYS * 86_400_000);
  const value = {
    categories,
    revision: CONSENT_REVISION,
    data: null,
    consentTimestamp: now.toISOString(),
    consentId: '00000000-0000-4000-8000-000000000048',
    services: { necessary: [], analytics: [], marketing: [] },
    languageCode: 'en',
    lastConsentTimestamp: now.toISOString(),
    expirationTime: expires.getTime(),
  };
  return {
    name: CONSENT_COOKIE,
    value: encodeURIComponent(JSON.stringify(value)),
    domain,
    path: '/',
    expires: Math.floor(expires.getTime() / 1000),
    httpOnly: false,
    secure: false,
    sameSite: 'Lax' as const,
  };
}

/** A browser context of a visitor who chose "necessary only": how every journey but consent.spec.ts starts. */
export const necessaryOnly = () => ({ cookies: [consentCookie(['necessary'])], origins: [] });
