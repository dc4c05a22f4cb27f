import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { StoredCard } from '../../../contract/payments.schema.ts';
import { $account } from '../../stores/account.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { offers as offersLoader, purchase, type Offers } from './memberships-store.ts';

/**
 * The offers of the money screens (memberships, add credit, top up), loaded for the member's SIM;
 * `wait` is what to show instead while loading, without an active SIM, or after an error.
 */
export function useOffers(needs: string): {
  wait: ReactNode;
  offers?: Offers | undefined;
  card?: StoredCard | null | undefined;
  busy: boolean;
} {
  const account = useStore($account);
  const loaded = useStore(offersLoader.$state);
  const { busy } = useStore(purchase.$state);
  const ssn = account.sim?.ssn;
  const mine = loaded.key === ssn ? loaded : undefined;
  const { offers, card } = mine?.data ?? {};
  useEffect(() => {
    if (ssn) void offersLoader.load(ssn);
  }, [ssn]);
  const wait =
    account.status === 'loading' ? (
      <p role="status">Loading…</p>
    ) : !ssn ? (
      <div className="card">
        <p>
          You need an active SIM {needs}. <a href="/activate-sim">Activate your SIM</a>.
        </p>
      </div>
    ) : mine?.status === 'error' ? (
      <LoadFailed error={mine.error} retry={mine.retryable ? () => void offersLoader.retry() : undefined} />
    ) : !offers ? (
      <p role="status" className="loading-line">
        Loading…
      </p>
    ) : null;
  return { wait, offers, card, busy: Boolean(busy) };
}
