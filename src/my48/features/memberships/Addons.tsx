import { useState } from 'react';
import { buyAddon } from './memberships-store.ts';
import { SaveCardField } from './SaveCardField.tsx';
import { useOffers } from './use-offers.tsx';
import { ActionFeedback } from './Memberships.tsx';
import { OfferFacts } from './OfferCard.tsx';

/** Top up: data add-ons for the current membership; credit first, then the card. */
export default function Addons() {
  const { wait, offers, card, busy } = useOffers('for add-ons');
  const [save, setSave] = useState(false);
  if (wait || !offers) return wait;
  if (!offers.current) {
    return (
      <div className="card stack">
        <p>An add-on needs a current membership. Buy a membership first.</p>
        <a className="btn btn--primary" href="/my48/memberships">
          Buy a membership
        </a>
      </div>
    );
  }
  return (
    <div className="stack">
      <ActionFeedback />
      <p>
        Add-on data joins your {offers.current.name} and ends with it. It is paid from your credit first, then by
        {card ? ` your ${card.brand} card ending ${card.last4}.` : ' card.'}
      </p>
      {!card && <SaveCardField save={save} onSave={setSave} />}
      <ul className="tiles plain" aria-label="Add-ons you can buy">
        {offers.addons.map((addon) => (
          <li key={addon.sku} className="tile">
            <h2>{addon.name}</h2>
            <OfferFacts offer={addon} />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void buyAddon(addon.sku as 'BDAO05' | 'BDAO10', !card && save)}
              aria-label={`Buy ${addon.name}`}
            >
              Buy
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
