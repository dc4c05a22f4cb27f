import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $account } from '../../stores/account.ts';
import { $action, $offers, buyAddon, loadOffers } from './memberships-store.ts';
import { ActionFeedback } from './Memberships.tsx';
import { OfferFacts } from './OfferCard.tsx';

/** Top up: data add-ons for the current membership; credit first, then the card. */
export default function Addons() {
  const account = useStore($account);
  const { offers, error } = useStore($offers);
  const { busy } = useStore($action);
  const ssn = account.sim?.ssn;
  useEffect(() => {
    if (ssn) void loadOffers();
  }, [ssn]);
  if (account.status === 'loading') return <p role="status">Loading…</p>;
  if (!ssn) return <div className="card"><p>You need an active SIM for add-ons. <a href="/activate-sim">Activate your SIM</a>.</p></div>;
  if (error) return <div className="alert alert--error" role="alert">{error}</div>;
  if (!offers) return <p role="status" className="loading-line">Loading add-ons…</p>;
  if (!offers.current) {
    return (
      <div className="card stack">
        <p>An add-on needs a current membership. Buy a membership first.</p>
        <a className="btn btn--primary" href="/my48/memberships">Buy a membership</a>
      </div>
    );
  }
  return (
    <div className="stack">
      <ActionFeedback />
      <p>Add-on data joins your {offers.current.name} and ends with it. It is paid from your credit first, then by card.</p>
      <ul className="tiles plain" aria-label="Add-ons you can buy">
        {offers.addons.map((addon) => (
          <li key={addon.sku} className="tile">
            <h2>{addon.name}</h2>
            <OfferFacts offer={addon} />
            <button type="button" className="btn btn--primary" disabled={Boolean(busy)} onClick={() => void buyAddon(addon.sku as 'BDAO05' | 'BDAO10')} aria-label={`Buy ${addon.name}`}>
              Buy
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
