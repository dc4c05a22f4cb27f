/**
 * Which notifications the dashboard marks as new (the dashboardNotification cookie, spec section 3):
 * unread ones newer than the newest the dashboard has already shown in this session. So a notice is
 * announced as new once per session, not again on every return to the dashboard.
 */
export function newNotifications<N extends { id: number; read: boolean }>(
  latest: N[],
  shownUpTo: number | undefined,
): N[] {
  return latest.filter((n) => !n.read && n.id > (shownUpTo ?? 0));
}

/** What the cookie holds after the dashboard showed these: the newest id shown, never going back. */
export function shownUpTo(latest: { id: number }[], before: number | undefined): number {
  return Math.max(before ?? 0, ...latest.map((n) => n.id));
}

/** The cookie's value as a number (undefined when missing or not a number). */
export function readShown(value: string | undefined): number | undefined {
  const n = Number(value);
  return value !== undefined && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
}
