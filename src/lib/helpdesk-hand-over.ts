import { sessionRoutes } from '../contract/session.calls.ts';
import { call } from './http.ts';
import { memberParams, rememberHelpdeskUser } from './member-session.ts';

/**
 * The help desk's remote log-in (spec: help-desk sign-on): the server signs the token and says
 * where to take it; the member goes there. Loaded by /my48/log-in only for a signed-in member (one
 * module, so the HTTP client is never a dynamic import of its own, which would make the bundler
 * give it a namespace object and a runtime helper on every page that uses it).
 */
export async function handOverToHelpdesk(): Promise<void> {
  const { _payload } = await call(sessionRoutes.helpdeskSso, { params: memberParams() });
  if (!_payload.url) throw new Error('no help desk');
  rememberHelpdeskUser();
  location.replace(_payload.url);
}
