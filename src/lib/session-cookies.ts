import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import Cookies from 'js-cookie';

/**
 * The session cookies of spec section 3. They live 0.0208 days (30 minutes), are Secure only
 * on https, and all but authCode are AES-encrypted with the authCode value as the key, so
 * nothing readable about the member sits in the cookie jar.
 */
export const COOKIE_LIFETIME_DAYS = 0.0208;

export const sessionCookieNames = [
  'authCode', 'dashboardNotification', 'isCompliant', 'userId', 'userEmail', 'zendeskUser', 'zendeskUserName',
  'ugi', 'ugl', 'rolename', 'rrfriend', 'signupVerification', 'ask48User',
] as const;
export type SessionCookie = (typeof sessionCookieNames)[number];

const attributes = () => ({
  expires: COOKIE_LIFETIME_DAYS,
  path: '/',
  sameSite: 'Lax' as const,
  secure: typeof location !== 'undefined' && location.protocol === 'https:',
});

export function setAuthCode(token: string): void {
  Cookies.set('authCode', token, attributes());
}

export function authCode(): string | undefined {
  return Cookies.get('authCode');
}

/** Encrypts with the current authCode; without one there is no session to keep a value for. */
export function setSessionCookie(name: Exclude<SessionCookie, 'authCode'>, value: string): void {
  const key = authCode();
  if (!key) throw new Error(`cannot set ${name} without an authCode`);
  Cookies.set(name, AES.encrypt(value, key).toString(), attributes());
}

/** The decrypted value, or undefined when it is missing or was not encrypted under this session. */
export function getSessionCookie(name: Exclude<SessionCookie, 'authCode'>): string | undefined {
  const key = authCode();
  const raw = Cookies.get(name);
  if (!key || raw === undefined) return undefined;
  try {
    const plain = AES.decrypt(raw, key).toString(Utf8);
    return plain === '' ? undefined : plain;
  } catch {
    return undefined;
  }
}

/** Log-out (spec section 4): every cookie the page can see goes. */
export function clearAllCookies(): void {
  for (const name of Object.keys(Cookies.get())) Cookies.remove(name, { path: '/' });
}
