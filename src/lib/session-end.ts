import Cookies from 'js-cookie';
import { refreshSession } from '../stores/session.ts';
import { clearAllCookies } from './auth-code.ts';
import { sessionRoutes } from '../contract/session.calls.ts';
import { call } from './http.ts';
import { idleWatch } from './idle-watch.ts';
import { forgetMemberOnDevice } from './device-forget.ts';
import { MY48_HOME, rememberFlexibleUrl, rememberLastUrl } from './last-url.ts';
import { clearStorageExceptSplash } from './storage.ts';

/**
 * Log-out (spec section 4): the server ends the session, then every cookie and all local
 * storage but splash go, the header back-button flag is reset, and (spec section 2) the my48
 * root is remembered as the last flexible and last logged-in URL.
 */
export async function logOut(): Promise<void> {
  if (Cookies.get('authCode')) {
    try {
      await call(sessionRoutes.logOut);
    } catch {
      // The session may have ended already; the browser forgets it either way.
    }
  }
  clearAllCookies();
  clearStorageExceptSplash();
  // The worker's copies of the member's figures and this device's notifications go too (the server
  // ended the subscription with the session): offline, /my48 then asks for a log-in.
  await forgetMemberOnDevice();
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
