import { useStore } from '@nanostores/react';
import { useEffect, type ReactNode } from 'react';
import type { StoredCard } from '../../../contract/payments.schema.ts';
import { $account } from '../../stores/account.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { localHref } from '../../../contract/i18n/routes.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { locale, say, type My48Key } from '../../speech.ts';
import { offers as offersLoader, purchase, type Offers } from './memberships-store.ts';

/**
 * The offers of the money screens (memberships, add credit, top up), loaded for the member's SIM;
 * `wait` is what to show instead while loading, without an active SIM (`needs` says why it needs
 * one, with a `{link}` to activate it), or after an error.
 */
export function useOffers(needs: My48Key): {
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
      <p role="status">{say('my48.loading')}</p>
    ) : !ssn ? (
      <div className="card">
        <p>
          {slotted(say(needs), {
            link: <a href={localHref(locale(), '/activate-sim')}>{say('my48.noSim.activate')}</a>,
          })}
        </p>
      </div>
    ) : mine?.status === 'error' ? (
      <LoadFailed error={mine.error} retry={mine.retryable ? () => void offersLoader.retry() : undefined} />
    ) : !offers ? (
      <p role="status" className="loading-line">
        {say('my48.loading')}
      </p>
    ) : null;
  return { wait, offers, card, busy: Boolean(busy) };
}
