import { atom, map } from 'nanostores';
import { FetchError } from 'ofetch';
import type { BalanceSummary } from '../../contract/account.ts';
import { messages } from '../../contract/messages.ts';
import { SEGMENT_PORTIN } from '../../contract/constants.ts';
import { http } from '../../lib/http.ts';
import { usageSummary, type UsageSummary } from '../features/dashboard/usage-summary.ts';

export interface Sim {
  ssn: string;
  msisdn: string | null;
  product: string;
  requester: string;
}

/**
 * The account as the dashboard sees it. `balance` follows spec section 8 "Balance summary
 * failure": service available or not, account details missing, no active membership.
 */
export interface AccountState {
  status: 'loading' | 'ready' | 'activating' | 'no-sim' | 'error';
  sim?: Sim | undefined;
  serviceAvailable: boolean;
  accountDetailsMissing: boolean;
  noActiveMembership: boolean;
  portInInProgress: boolean;
  usage?: UsageSummary | undefined;
  error?: string | undefined;
}

export const $account = map<AccountState>({ status: 'loading', serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: false, portInInProgress: false });

/** Spec section 8: the balance-error flag, broadcast to the rest of the app. */
export const $balanceError = atom(false);

export type BalanceOutcome = Pick<AccountState, 'serviceAvailable' | 'accountDetailsMissing' | 'noActiveMembership'>;

/** Spec section 8, "Balance summary failure", as a pure rule. */
export function balanceFailure(status: number | undefined, message: string | undefined): BalanceOutcome {
  if (status === 500) return { serviceAvailable: true, accountDetailsMissing: true, noActiveMembership: false };
  if (status === 504) return { serviceAvailable: false, accountDetailsMissing: false, noActiveMembership: false };
  if (status === 400) {
    if (message === messages.noCurrentMembership) return { serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: true };
    if (message === messages.activationInProgress) return { serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: false };
    return { serviceAvailable: true, accountDetailsMissing: true, noActiveMembership: false };
  }
  return { serviceAvailable: false, accountDetailsMissing: false, noActiveMembership: false };
}

const statusOf = (e: unknown) => (e instanceof FetchError ? e.status : undefined);
const messageOf = (e: unknown) => (e instanceof FetchError ? (e.data as { _payload?: { message?: string } } | undefined)?._payload?.message : undefined);

let loading: Promise<void> | undefined;

export function loadAccount(userId: string, { force = false, quiet = false } = {}): Promise<void> {
  if (loading && !force) return loading;
  loading = (async () => {
    // A quiet reload (a poll) keeps the screen as it is until the answer comes.
    if (!quiet) $account.setKey('status', 'loading');
    const base = `/panda/protected/users/${userId}`;
    const segments = http<{ _payload: { values: { segment_type: string }[] } }>(`${base}/segments`).then(
      ({ _payload }) => _payload.values.some((s) => s.segment_type === SEGMENT_PORTIN),
      () => false,
    );
    let sim: Sim | undefined;
    try {
      const { _payload } = await http<{ _payload: { values: Sim[] } }>(`${base}/sims/owned`);
      sim = _payload.values[0];
    } catch (e) {
      // Spec section 7: sims/owned answering 400 means the activation is in progress.
      if (statusOf(e) === 400) return void $account.set({ ...$account.get(), status: 'activating', portInInProgress: await segments });
      return void $account.set({ ...$account.get(), status: 'error', error: messages.serviceUnavailable, portInInProgress: await segments });
    }
    if (!sim) return void $account.set({ ...$account.get(), status: 'no-sim', portInInProgress: await segments });
    try {
      const { _payload } = await http<{ _payload: { current_month_balance_summary: BalanceSummary } }>(`${base}/sims/${sim.ssn}/balance/summary/current`);
      const usage = usageSummary(_payload.current_month_balance_summary, sim);
      $balanceError.set(false);
      $account.set({ status: 'ready', sim, serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: !usage.isActiveMembership, portInInProgress: await segments, usage });
    } catch (e) {
      $balanceError.set(true);
      $account.set({ status: 'ready', sim, ...balanceFailure(statusOf(e), messageOf(e)), portInInProgress: await segments, usage: undefined });
    }
  })();
  return loading;
}
