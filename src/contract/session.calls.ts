import type { accountApi } from './account.schema.ts';
import type { authApi } from './auth.schema.ts';
import { route } from './endpoint.ts';
import type { helpdeskApi } from './helpdesk.schema.ts';

/**
 * The endpoints the session plumbing of every member page calls (log-out, idle log-out, the
 * help-desk hand-over), as routes typed by their endpoints: zod-free, so those pages carry no
 * schema library.
 */
export const sessionRoutes = {
  logOut: route<typeof authApi.logOut>('get', '/panda/protected/logout/users'),
  helpdeskSso: route<typeof helpdeskApi.sso>('get', '/panda/protected/users/{user_id}/sso'),
  /** A light protected read that keeps the server's session while the member is active on a page that calls nothing. */
  keepAlive: route<typeof accountApi.segments>('get', '/panda/protected/users/{user_id}/segments'),
};
