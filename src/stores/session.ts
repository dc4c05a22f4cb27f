import { atom, computed } from 'nanostores';
import type { Account } from '../contract/auth.schema.ts';
import { authCode } from '../lib/auth-code.ts';

/**
 * Login state for every island and the navbar. Logged in means an authCode cookie exists
 * (spec section 4); the member is known once a log-in answered in this page.
 */
export const $authCode = atom<string | undefined>(typeof document === 'undefined' ? undefined : authCode());
export const $member = atom<Account | undefined>(undefined);
export const $loggedIn = computed($authCode, (code) => Boolean(code));

/** Re-read the cookie (after log-in, log-out, or a 401) and mirror it on <html> for the menus. */
export function refreshSession(): void {
  const code = authCode();
  $authCode.set(code);
  if (!code) $member.set(undefined);
  if (typeof document !== 'undefined') {
    if (code) document.documentElement.dataset['auth'] = 'in';
    else delete document.documentElement.dataset['auth'];
  }
}
