import { renewSessionCookies } from './auth-code.ts';

/**
 * When the server last answered a protected call of this session (sessionStorage, so every page of
 * the visit knows): the server keeps a session alive with use (30 minutes idle, touched at most once a
 * minute), the browser renews its cookies with it.
 */
export const SESSION_USED_KEY = 'sessionUsedAt';
/** Activity on a page with no call for this long asks the server to keep the session (keepAlive). */
export const KEEPALIVE_AFTER_MS = 5 * 60_000;

const storage = (): Storage | undefined => {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
};

export function noteSessionUsed(now = Date.now()): void {
  renewSessionCookies();
  storage()?.setItem(SESSION_USED_KEY, String(now));
}

/** Whether activity now should ask the server to keep the session (no call answered for KEEPALIVE_AFTER_MS). */
export function keepAliveDue(now = Date.now()): boolean {
  const last = Number(storage()?.getItem(SESSION_USED_KEY) ?? 0);
  return !Number.isFinite(last) || now - last >= KEEPALIVE_AFTER_MS;
}
