import { atom, computed } from 'nanostores';
import { accountRoutes } from '../../../contract/account.calls.ts';
import { ACTIVATION_SUPPORT_HINT_MS } from '../../../contract/constants.ts';
import { creditBackRoutes } from '../../../contract/port-out-credit.calls.ts';
import { call } from '../../../lib/http.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import { $account, loadAccount } from '../../stores/account.ts';
import { usageSummary } from './usage-summary.ts';
import { loader } from '../../../stores/loader.ts';
import { $offlineAsOf } from '../../../stores/offline.ts';

/** What the dashboard shows, derived from the account store's raw balance summary. */
export const $usage = computed($account, (a) => (a.summary && a.sim ? usageSummary(a.summary, a.sim) : undefined));

/** Activation in progress: whether it has taken long enough to show the support hint (spec section 9). */
export const $activationOverdue = atom(false);

/** When the activation in progress began, as the server has it (undefined until it has answered). */
const $activationSince = atom<number | undefined>(undefined);

async function loadActivationSince(userId: string): Promise<void> {
  try {
    const { _payload } = await call(accountRoutes.activation, { params: { user_id: userId } });
    $activationSince.set(_payload.since ? Date.parse(_payload.since) : undefined);
  } catch {
    /* asked again with the next check */
  }
}

/**
 * Activation in progress (spec sections 4, 8, 9): the account is checked again every 30 seconds,
 * and the support hint shows once 15 minutes have passed since the activation began (the server's
 * time of the request, the same on every device and tab). Returns the stop.
 */
export function watchActivation(): () => void {
  const check = () => {
    const since = $activationSince.get();
    $activationOverdue.set(since !== undefined && Date.now() - since >= ACTIVATION_SUPPORT_HINT_MS);
  };
  const ask = async () => {
    const userId = currentUserId();
    if (userId) await loadActivationSince(userId);
    check();
  };
  void ask();
  let ticks = 0;
  const timer = setInterval(() => {
    // Every 5 s for the first two minutes (the network switches a line on in seconds), then every 30 s.
    if (++ticks > 24 && ticks % 6 !== 0) return;
    if ($activationSince.get() === undefined) void ask();
    else check();
    const userId = currentUserId();
    if (userId) void loadAccount(userId, { force: true, quiet: true });
  }, 5_000);
  return () => clearInterval(timer);
}

/** Data used per day of this period (beyond the spec), for a SIM. */
export const dailyUsage = loader(
  async (ssn: string) =>
    (await call(accountRoutes.dailyUsage, { params: { user_id: currentUserId() ?? '', ssn } }))._payload.values,
  'Your daily use could not be loaded just now.',
);

/** The latest in-app notifications (alerts among them: docs/product/member-controls.md), the three newest. */
export const notifications = loader(async () => {
  const { _payload } = await call(accountRoutes.notificationSummary, { params: { user_id: currentUserId() ?? '' } });
  return { unread: _payload.unread, latest: _payload.latest.slice(0, 3) };
}, 'Your notifications could not be loaded just now.');

/** How often the dashboard reads the balance again while it is shown. */
export const BALANCE_REFRESH_MS = 10_000;

/**
 * The dashboard's figures kept fresh while it is shown (docs/product/money.md): use paid from credit
 * moves the credit within seconds of the network's event, so the balance is read again quietly every
 * 10 seconds while the page is visible and the account shown; never offline. Returns the stop.
 */
export function watchBalance(everyMs = BALANCE_REFRESH_MS): () => void {
  const timer = setInterval(() => {
    const userId = currentUserId();
    if (userId && !document.hidden && $account.get().status === 'ready' && !$offlineAsOf.get())
      void loadAccount(userId, { force: true, quiet: true });
  }, everyMs);
  return () => clearInterval(timer);
}

/**
 * A member with no active SIM whose number moved away: the credit each number left to ask back, with
 * its amount (only those that can be asked for now), read when the dashboard shows that state.
 */
export const creditToClaim = loader(
  async () =>
    (await call(creditBackRoutes.list, { params: { user_id: currentUserId() ?? '' } }))._payload.values
      .filter((b) => b.can_ask)
      .map((b) => ({ msisdn: b.msisdn, amountCents: b.amount_cents })),
  'Your credit back could not be read.',
);
