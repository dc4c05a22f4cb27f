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

/** Only paths of this site: a stored value can never send the member to another site. */
export function isLocalPath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

export function rememberLastUrl(url: string): void {
  if (isLocalPath(url)) store()?.setItem(LAST_LOGGED_IN, url);
}

export function lastUrl(): string | undefined {
  const value = store()?.getItem(LAST_LOGGED_IN);
  return isLocalPath(value) ? value : undefined;
}

export function forgetLastUrl(): void {
  store()?.removeItem(LAST_LOGGED_IN);
}

export function rememberFlexibleUrl(url: string): void {
  if (isLocalPath(url)) store()?.setItem(LAST_FLEXIBLE, url);
}

export function lastFlexibleUrl(): string | undefined {
  const value = store()?.getItem(LAST_FLEXIBLE);
  return isLocalPath(value) ? value : undefined;
}
