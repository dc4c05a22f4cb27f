import Cookies from 'js-cookie';
import { CONSENT_COOKIE } from './consent-cookie.ts';
import { LANG_COOKIE } from '../contract/i18n/locales.ts';

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

/** Spec section 3's session cookies, authCode first. */
export const sessionCookieNames = [
  'authCode',
  'dashboardNotification',
  'isCompliant',
  'userId',
  'userEmail',
  'zendeskUser',
  'zendeskUserName',
  'ugi',
  'ugl',
  'rolename',
  'rrfriend',
  'signupVerification',
] as const;
export type SessionCookie = (typeof sessionCookieNames)[number];

/** The transaction-code cookie (lib/transaction.ts): it lives as long as the session cookies. */
export const TRANSACTION_COOKIE = 'ggTransaction';

/**
 * What every plain value starts with. AES without a MAC decrypts a value under another key to
 * random bytes, and about one time in 300 those bytes are valid UTF-8 (a cookie of an earlier
 * session would then read as some other member's id); random bytes begin with this one time in 16
 * million.
 */
export const SESSION_VALUE_MARK = '48:';

/**
 * The spec's 0.0208 days are an idle limit, not a lifetime from log-in: every answered
 * protected call and every bit of activity on a signed-in page gives each session cookie present
 * (and the transaction cookie) 30 more minutes from now, with its value unchanged. A member who
 * keeps using the portal keeps the session; one who leaves loses it 30 minutes later.
 */
export function renewSessionCookies(): void {
  if (!authCode()) return;
  const attributes = cookieAttributes();
  for (const name of [...sessionCookieNames, TRANSACTION_COOKIE]) {
    const value = Cookies.get(name);
    if (value !== undefined) Cookies.set(name, value, attributes);
  }
}

export function setAuthCode(token: string): void {
  Cookies.set('authCode', token, cookieAttributes());
}

export function authCode(): string | undefined {
  return Cookies.get('authCode');
}

/**
 * Log-out (spec section 4): every cookie the page can see goes, but the consent choice
 * (lib/consent.ts) and the language chosen (docs/product/languages.md): they belong to the device, and asking again at every log-out would break
 * docs/product/operations.md's "a visitor who has chosen loads no banner code again" (ADR 019).
 */
export function clearAllCookies(): void {
  for (const name of Object.keys(Cookies.get()))
    if (name !== CONSENT_COOKIE && name !== LANG_COOKIE) Cookies.remove(name, { path: '/' });
}
