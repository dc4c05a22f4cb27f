import { atom, computed } from 'nanostores';
import { accountRoutes } from '../../../contract/account.calls.ts';
import { ACTIVATION_SUPPORT_HINT_MS } from '../../../contract/constants.ts';
import { call } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { usageSummary } from './usage-summary.ts';
import { loader } from '../../../stores/loader.ts';

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

/** Data used per day of this period (beyond the spec), for a SIM. */
export const dailyUsage = loader(
  async (ssn: string) =>
    (await call(accountRoutes.dailyUsage, { params: { user_id: currentUserId() ?? '', ssn } }))._payload.values,
  'Your daily use could not be loaded just now.',
);

/** The latest in-app notifications (alerts among them: member-controls.md), the three newest. */
export const notifications = loader(async () => {
  const { _payload } = await call(accountRoutes.notificationSummary, { params: { user_id: currentUserId() ?? '' } });
  return { unread: _payload.unread, latest: _payload.latest.slice(0, 3) };
}, 'Your notifications could not be loaded just now.');
