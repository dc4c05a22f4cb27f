import Cookies from 'js-cookie';
import type { Account } from '../contract/account.ts';
import { IDLE_LOGOUT_MS } from '../contract/constants.ts';
import { $member, refreshSession } from '../stores/session.ts';
import { isEmailVerified } from './emv.ts';
import { http } from './http.ts';
import { idleWatch } from './idle-watch.ts';
import { MY48_HOME, rememberFlexibleUrl, rememberLastUrl } from './last-url.ts';
import { clearAllCookies, getSessionCookie, setAuthCode, setSessionCookie } from './session-cookies.ts';
import { clearStorageExceptSplash } from './storage.ts';

export interface SignedIn {
  account: Account;
  /** Spec section 5: the decrypted x-gg-emv equals is_verified and is 'true'. */
  verified: boolean;
}

/**
 * Stores a session the server just opened (log-in or sign-up, spec section 4 "Login success"):
 * the auth cookie from x-gg-auth, then the member's cookies encrypted under it.
 */
export function storeSession(headers: Headers, account: Account, email?: string): SignedIn {
  const token = headers.get('x-gg-auth');
  if (!token) throw new Error('the server answered without x-gg-auth');
  const verified = isEmailVerified(headers.get('x-gg-emv'), account.is_verified);
  setAuthCode(token);
  setSessionCookie('userId', String(account.user_id));
  setSessionCookie('isCompliant', String(account.is_password_compliant));
  setSessionCookie('rolename', account.role.rolename);
  if (email) setSessionCookie('userEmail', email);
  setSessionCookie('zendeskUserName', `${account.firstname} ${account.lastname}`.trim());
  if (verified) Cookies.remove('signupVerification', { path: '/' });
  else setSessionCookie('signupVerification', 'true');
  $member.set(account);
  refreshSession();
  return { account, verified };
}

/** The signed-in member's id from its cookie (protected calls put it in the path). */
export function currentUserId(): string | undefined {
  const id = getSessionCookie('userId');
  return id && /^\d+$/.test(id) ? id : undefined;
}

/** The e-mail verified: the verification cookie goes, the member may use the whole portal. */
export function markVerified(): void {
  Cookies.remove('signupVerification', { path: '/' });
}

/**
 * Log-out (spec section 4): the server ends the session, then every cookie and all local
 * storage but splash go, the header back-button flag is reset, and (spec section 2) the my48
 * root is remembered as the last flexible and last logged-in URL.
 */
export async function logOut(): Promise<void> {
  if (Cookies.get('authCode')) {
    try {
      await http('/panda/protected/logout/users');
    } catch {
      // The session may have ended already; the browser forgets it either way.
    }
  }
  clearAllCookies();
  clearStorageExceptSplash();
  try {
    sessionStorage.setItem('headerBackButtonClicked', 'false');
  } catch {
    /* storage off */
  }
  rememberFlexibleUrl(MY48_HOME);
  rememberLastUrl(MY48_HOME);
  idleWatch.stop();
  refreshSession();
}

/**
 * After IDLE_LOGOUT_MS without activity on a signed-in page: the server logout call, the auth
 * cookie deleted, /log-in (spec sections 2 and 9). The page is remembered to come back to.
 */
export function startIdleLogout(timeoutMs = IDLE_LOGOUT_MS): void {
  idleWatch.start(timeoutMs, async () => {
    rememberLastUrl(location.pathname + location.search);
    try {
      await http('/panda/protected/logout/users');
    } catch {
      /* ended already */
    }
    Cookies.remove('authCode', { path: '/' });
    refreshSession();
    location.assign('/log-in');
  });
}
