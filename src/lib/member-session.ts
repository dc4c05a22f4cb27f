import Cookies from 'js-cookie';
import type { Account } from '../contract/auth.schema.ts';
import { $member, refreshSession } from '../stores/session.ts';
import { isEmailVerified } from './emv.ts';
import { forgetMemberOnDevice } from './device-forget.ts';
import { getSessionCookie, setAuthCode, setSessionCookie } from './session-cookies.ts';

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
  // A new session keeps nothing of an earlier member's figures on this device.
  void forgetMemberOnDevice();
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

export { currentUserId, memberParams } from './member-id.ts';

/** The e-mail verified: the verification cookie goes, the member may use the whole portal. */
export function markVerified(): void {
  Cookies.remove('signupVerification', { path: '/' });
}

/**
 * The help desk took the member in (single sign-on): zendeskUser keeps the help-desk account, the
 * member's e-mail address the token named, encrypted (spec section 3), beside zendeskUserName.
 */
export function rememberHelpdeskUser(): void {
  const email = getSessionCookie('userEmail');
  if (email) setSessionCookie('zendeskUser', email);
}
