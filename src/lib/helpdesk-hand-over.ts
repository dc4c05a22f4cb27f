import { sessionRoutes } from '../contract/session.calls.ts';
import { FetchError } from 'ofetch';
import { call, errorMessage } from './http.ts';
import { memberParams, rememberHelpdeskUser } from './member-session.ts';

/**
 * The help desk's remote log-in (spec: help-desk sign-on): the server signs the token and says
 * where to take it; the member goes there. Loaded by /my48/log-in only for a signed-in member (one
 * module, so the HTTP client is never a dynamic import of its own, which would make the bundler
 * give it a namespace object and a runtime helper on every page that uses it). Answers why not when
 * the server refuses.
 */
export async function handOverToHelpdesk(): Promise<string | undefined> {
  let url: string | null;
  try {
    url = (await call(sessionRoutes.helpdeskSso, { params: memberParams() }))._payload.url;
  } catch (error) {
    // Refused (an address not yet verified): the server's words say what to do.
    if (error instanceof FetchError && error.status === 403) return errorMessage(error);
    throw error;
  }
  if (!url) throw new Error('no help desk');
  rememberHelpdeskUser();
  location.replace(url);
  return undefined;
}
