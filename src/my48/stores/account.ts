import { computed, map } from 'nanostores';
import { FetchError } from 'ofetch';
import type { BalanceSummary, Sim } from '../../contract/account.schema.ts';
import { accountFailures, accountRoutes as accountApi } from '../../contract/account.calls.ts';
import { sharedFailures } from '../../contract/common-failures.ts';
import { SEGMENT_PORTIN } from '../../contract/constants.ts';
import { say } from '../speech.ts';
import { call, errorCode } from '../../lib/http.ts';

/**
 * The account as the API answers it, shared by every my48 screen: the SIM, this month's
 * balance summary (raw contract data; screens derive what they show), and spec section 8's
 * "Balance summary failure" flags: service available or not, details missing, no active membership.
 */
export interface AccountState {
  status: 'loading' | 'ready' | 'activating' | 'no-sim' | 'error';
  sim?: Sim | undefined;
  summary?: BalanceSummary | undefined;
  serviceAvailable: boolean;
  accountDetailsMissing: boolean;
  noActiveMembership: boolean;
  portInInProgress: boolean;
  error?: string | undefined;
}

export const $account = map<AccountState>({
  status: 'loading',
  serviceAvailable: true,
  accountDetailsMissing: false,
  noActiveMembership: false,
  portInInProgress: false,
});

export type BalanceOutcome = Pick<AccountState, 'serviceAvailable' | 'accountDetailsMissing' | 'noActiveMembership'>;

/**
 * Spec section 8, "Balance summary failure", as a pure rule. The spec reads the 400's message ('No
 * current MemberShip', 'Account activation in progress'); the server still answers those texts and
 * this maps their codes.
 */
export function balanceFailure(status: number | undefined, code: string | undefined): BalanceOutcome {
  if (status === 500) return { serviceAvailable: true, accountDetailsMissing: true, noActiveMembership: false };
  if (status === 504) return { serviceAvailable: false, accountDetailsMissing: false, noActiveMembership: false };
  if (status === 400) {
    if (code === sharedFailures.noCurrentMembership.code)
      return { serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: true };
    if (code === accountFailures.activationInProgress.code)
      return { serviceAvailable: true, accountDetailsMissing: false, noActiveMembership: false };
    return { serviceAvailable: true, accountDetailsMissing: true, noActiveMembership: false };
  }
  return { serviceAvailable: false, accountDetailsMissing: false, noActiveMembership: false };
}

const statusOf = (e: unknown) => (e instanceof FetchError ? e.status : undefined);

/** Whether the account could not be read at all (the app tries again by itself meanwhile). */
export const $accountFailed = computed($account, (a) => a.status === 'error');

/** Offline with no figures kept on this device yet (a first visit, or after signing out). */
export const OFFLINE_NO_COPY = (): string => say('my48.offline.noCopy');

let loading: Promise<void> | undefined;

export function loadAccount(userId: string, { force = false, quiet = false } = {}): Promise<void> {
  if (loading && !force) return loading;
  loading = (async () => {
    // A quiet reload (a poll) keeps the screen as it is until the answer comes.
    if (!quiet) $account.setKey('status', 'loading');
    const params = { user_id: userId };
    const segments = call(accountApi.segments, { params }).then(
      ({ _payload }) => _payload.values.some((s) => s.segment_type === SEGMENT_PORTIN),
      () => false,
    );
    let sim: Sim | undefined;
    try {
      sim = (await call(accountApi.simsOwned, { params }))._payload.values[0];
    } catch (e) {
      // Spec section 7: sims/owned answering 400 means the activation is in progress.
      if (statusOf(e) === 400)
        return void $account.set({ ...$account.get(), status: 'activating', portInInProgress: await segments });
      return void $account.set({
        ...$account.get(),
        status: 'error',
        // No answer and no kept copy (docs/product/phone.md): offline, say so rather than blame the service.
        error:
          typeof navigator !== 'undefined' && !navigator.onLine
            ? OFFLINE_NO_COPY()
            : say('my48.spec.serviceUnavailable'),
        portInInProgress: await segments,
      });
    }
    if (!sim) return void $account.set({ ...$account.get(), status: 'no-sim', portInInProgress: await segments });
    try {
      const { _payload } = await call(accountApi.balanceSummary, { params: { ...params, ssn: sim.ssn } });
      const summary = _payload.current_month_balance_summary;
      $account.set({
        status: 'ready',
        sim,
        summary,
        serviceAvailable: true,
        accountDetailsMissing: false,
        noActiveMembership: !summary.is_current_membership,
        portInInProgress: await segments,
      });
    } catch (e) {
      $account.set({
        status: 'ready',
        sim,
        ...balanceFailure(statusOf(e), errorCode(e)),
        portInInProgress: await segments,
        summary: undefined,
      });
    }
  })();
  return loading;
}
