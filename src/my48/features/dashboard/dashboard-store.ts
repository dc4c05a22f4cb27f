import { atom, computed, map } from 'nanostores';
import { accountRoutes } from '../../../contract/account-routes.ts';
import { ACTIVATION_SUPPORT_HINT_MS } from '../../../contract/constants.ts';
import { call } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { usageSummary } from './usage-summary.ts';

/** What the dashboard shows, derived from the account store's raw balance summary. */
export const $usage = computed($account, (a) => (a.summary && a.sim ? usageSummary(a.summary, a.sim) : undefined));

const ACTIVATION_SEEN = 'my48ActivationSeenAt';

function firstSeenActivating(): number {
  try {
    const seen = Number(sessionStorage.getItem(ACTIVATION_SEEN));
    if (seen > 0) return seen;
    sessionStorage.setItem(ACTIVATION_SEEN, String(Date.now()));
  } catch {
    /* storage off: count from now */
  }
  return Date.now();
}

/** Activation in progress: whether it has taken long enough to show the support hint (spec section 9). */
export const $activationOverdue = atom(false);

/**
 * Activation in progress (spec sections 4, 8, 9): the account is checked again every 30 seconds,
 * and the support hint shows once 15 minutes have passed since the member first saw it. Returns the stop.
 */
export function watchActivation(): () => void {
  const since = firstSeenActivating();
  const check = () => $activationOverdue.set(Date.now() - since >= ACTIVATION_SUPPORT_HINT_MS);
  check();
  const timer = setInterval(() => {
    check();
    const userId = currentUserId();
    if (userId) void loadAccount(userId, { force: true, quiet: true });
  }, 30_000);
  return () => clearInterval(timer);
}

/** Data used per day of this period (beyond the spec). */
export const $dailyUsage = map<{
  ssn?: string | undefined;
  days?: { day: string; data_kb: number }[] | undefined;
  failed: boolean;
}>({ failed: false });

export async function loadDailyUsage(ssn: string): Promise<void> {
  $dailyUsage.set({ ssn, failed: false });
  try {
    const { _payload } = await call(accountRoutes.dailyUsage, { params: { user_id: currentUserId() ?? '', ssn } });
    $dailyUsage.set({ ssn, days: _payload.values, failed: false });
  } catch {
    $dailyUsage.set({ ssn, failed: true });
  }
}

/** The latest in-app notifications (alerts among them: member-controls.md). */
export const $notifications = map<
  | { unread: number; latest: { id: number; title: string; body: string; read: boolean; created_at: string }[] }
  | { failed: true }
  | Record<string, never>
>({});

export async function loadNotifications(): Promise<void> {
  try {
    const { _payload } = await call(accountRoutes.notificationSummary, { params: { user_id: currentUserId() ?? '' } });
    $notifications.set({ unread: _payload.unread, latest: _payload.latest.slice(0, 3) });
  } catch {
    $notifications.set({ failed: true });
  }
}
