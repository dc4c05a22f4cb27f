import AES from 'crypto-js/aes.js';
import Utf8 from 'crypto-js/enc-utf8.js';
import Cookies from 'js-cookie';
import { authCode, cookieAttributes, SESSION_VALUE_MARK, type SessionCookie } from './auth-code.ts';

/**
 * The session cookies of spec section 3. They live 0.0208 days (30 minutes), are Secure only
 * on https, and all but authCode are AES-encrypted with the authCode value as the key, so
 * nothing readable about the member sits in the cookie jar.
 */
export {
  authCode,
  clearAllCookies,
  COOKIE_LIFETIME_DAYS,
  renewSessionCookies,
  sessionCookieNames,
  setAuthCode,
  type SessionCookie,
} from './auth-code.ts';

/** A session cookie's value as the cookie holds it: the mark and the value, encrypted under `key`. */
export const encryptSessionValue = (value: string, key: string): string =>
  AES.encrypt(SESSION_VALUE_MARK + value, key).toString();

/** Encrypts with the current authCode; without one there is no session to keep a value for. */
export function setSessionCookie(name: Exclude<SessionCookie, 'authCode'>, value: string): void {
  const key = authCode();
  if (!key) throw new Error(`cannot set ${name} without an authCode`);
  Cookies.set(name, encryptSessionValue(value, key), cookieAttributes());
}

/** The decrypted value, or undefined when it is missing or was not encrypted under this session. */
export function getSessionCookie(name: Exclude<SessionCookie, 'authCode'>): string | undefined {
  const key = authCode();
  const raw = Cookies.get(name);
  if (!key || raw === undefined) return undefined;
  try {
    const plain = AES.decrypt(raw, key).toString(Utf8);
    if (!plain.startsWith(SESSION_VALUE_MARK) || plain.length === SESSION_VALUE_MARK.length) return undefined;
    return plain.slice(SESSION_VALUE_MARK.length);
  } catch {
    return undefined;
  }
}
