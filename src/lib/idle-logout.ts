import Cookies from 'js-cookie';
import { IDLE_LOGOUT_MS } from '../contract/constants.ts';
import { sessionRoutes } from '../contract/session.calls.ts';
import { refreshSession } from '../stores/session.ts';
import { authCode, renewSessionCookies } from './auth-code.ts';
import { call } from './http.ts';
import { idleWatch } from './idle-watch.ts';
import { rememberLastUrl } from './last-url.ts';
import { getSessionCookie } from './session-cookies.ts';
import { keepAliveDue, noteSessionUsed } from './session-keepalive.ts';

/**
 * After IDLE_LOGOUT_MS without activity on a signed-in page: the server logout call, the auth
 * cookie deleted, /log-in (spec sections 2 and 9). The page is remembered to come back to.
 */
export function startIdleLogout(timeoutMs = IDLE_LOGOUT_MS): void {
  idleWatch.start(
    timeoutMs,
    async () => {
      rememberLastUrl(location.pathname + location.search);
      try {
        await call(sessionRoutes.logOut);
      } catch {
        /* ended already */
      }
      Cookies.remove('authCode', { path: '/' });
      refreshSession();
      location.assign('/log-in');
    },
    keepSession,
  );
}

/**
 * Activity on a signed-in page keeps the session: the cookies live 30 more minutes, and
 * when no call was answered for 5 minutes (a member reading the help pages) one light call keeps the
 * server's session too, so the member is never signed out while using the portal.
 */
function keepSession(): void {
  if (!authCode()) return;
  const userId = getSessionCookie('userId');
  if (!keepAliveDue() || !userId || !/^\d+$/.test(userId)) return renewSessionCookies();
  noteSessionUsed(); // renews the cookies; marked now so activity meanwhile does not ask again
  void call(sessionRoutes.keepAlive, { params: { user_id: userId } }).catch(() => undefined);
}
