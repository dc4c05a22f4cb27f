import Cookies from 'js-cookie';
import { CONSENT_COOKIE } from './consent.ts';

/**
 * The auth cookie and the attributes every session cookie shares (spec section 3): a lifetime of
 * 0.0208 days (30 minutes), Secure only on https. Kept apart from the encrypted cookies so a page
 * that only needs to know whether someone is signed in loads no cryptography.
 */
export const COOKIE_LIFETIME_DAYS = 0.0208;

export const cookieAttributes = () => ({
  expires: COOKIE_LIFETIME_DAYS,
  path: '/',
  sameSite: 'Lax' as const,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export function setAuthCode(token: string): void {
  Cookies.set('authCode', token, cookieAttributes());
}

export function authCode(): string | undefined {
  return Cookies.get('authCode');
}

/**
 * Log-out (spec section 4): every cookie the page can see goes, but the consent choice
 * (lib/consent.ts): it belongs to the device, and asking again at every log-out would break
 * operations.md's "a visitor who has chosen loads no banner code again" (ADR 019).
 */
export function clearAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) if (name !== CONSENT_COOKIE) Cookies.remove(name, { path: '/' });
}
