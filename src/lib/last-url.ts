/**
 * Where a member was headed, for after the log-in (spec section 2: "the last visited URL",
 * "last logged-in URL", "last flexible URL"). Kept for the tab only (sessionStorage): the
 * spec's four local-storage keys stay the only ones that outlive a tab.
 */
const LAST_LOGGED_IN = 'lastLoggedInUrl';
const LAST_FLEXIBLE = 'lastFlexibleUrl';
export const MY48_HOME = '/my48';

function store(): Storage | undefined {
  try {
    return sessionStorage;
  } catch {
    return undefined;
  }
}

const HOME_ORIGIN = 'https://portal.invalid';

/**
 * The one local-path rule: a value (a `next` parameter, a stored URL) is normalised first, as the
 * browser will parse it against an origin of ours, then checked: kept only when the origin is
 * unchanged and the normalised path cannot itself be read as another host. Tabs, newlines,
 * backslashes and `//` end up on another origin; dot segments (`/.//evil.example`) normalise to a
 * path that starts with `//`, which a link would follow to that host: refused too.
 */
export function localPath(value: string | null | undefined): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/')) return undefined;
  try {
    const url = new URL(value, HOME_ORIGIN);
    const path = `${url.pathname}${url.search}${url.hash}`;
    return url.origin === HOME_ORIGIN && !/^\/[/\\]/.test(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function rememberLastUrl(url: string): void {
  const path = localPath(url);
  if (path) store()?.setItem(LAST_LOGGED_IN, path);
}

export function lastUrl(): string | undefined {
  return localPath(store()?.getItem(LAST_LOGGED_IN));
}

export function forgetLastUrl(): void {
  store()?.removeItem(LAST_LOGGED_IN);
}

export function rememberFlexibleUrl(url: string): void {
  const path = localPath(url);
  if (path) store()?.setItem(LAST_FLEXIBLE, path);
}

export function lastFlexibleUrl(): string | undefined {
  return localPath(store()?.getItem(LAST_FLEXIBLE));
}
