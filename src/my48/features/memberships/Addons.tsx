import { useState } from 'react';
import { buyAddon } from './memberships-store.ts';
import { SaveCardField } from './SaveCardField.tsx';
import { useOffers } from './use-offers.tsx';
import { ActionFeedback } from './Memberships.tsx';
import { OfferFacts } from './OfferCard.tsx';
import { say } from '../../speech.ts';

/** Top up: data add-ons for the current membership; credit first, then the card. */
export default function Addons() {
  const { wait, offers, card, busy } = useOffers('my48.offers.needSimAddons');
  const [save, setSave] = useState(false);
  if (wait || !offers) return wait;
  if (!offers.current) {
    return (
      <div className="card stack">
        <p>{say('my48.addons.needMembership')}</p>
        <a className="btn btn--primary" href="/my48/memberships">
          {say('my48.buyMembership')}
        </a>
      </div>
    );
  }
  return (
    <div className="stack">
      <ActionFeedback />
      <p>
        {card
          ? say('my48.addons.paidByCard', { name: offers.current.name, brand: card.brand, last4: card.last4 })
          : say('my48.addons.paidByNewCard', { name: offers.current.name })}
      </p>
      {!card && <SaveCardField save={save} onSave={setSave} />}
      <ul className="tiles plain" aria-label={say('my48.addons.list')}>
        {offers.addons.map((addon) => (
          <li key={addon.sku} className="tile">
            <h2>{addon.name}</h2>
            <OfferFacts offer={addon} />
            <button
              type="button"
              className="btn btn--primary"
              disabled={busy}
              onClick={() => void buyAddon(addon.sku as 'BDAO05' | 'BDAO10', !card && save)}
              aria-label={say('my48.buyNamed', { name: addon.name })}
            >
              {say('my48.buy')}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
