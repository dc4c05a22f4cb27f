import { roamingGb } from '../../../contract/roaming.ts';
import { gb } from '../../../lib/format.ts';
import { euro } from '../../../lib/format.ts';
import type { Offer } from '../../../contract/memberships.schema.ts';

const count = (n: number | null, unit: string) => (n === null ? `Unlimited ${unit}` : `${n} ${unit}`);

/** One membership or add-on as the lists show it: name, price, what it gives. */
export function OfferFacts({ offer }: { offer: Offer }) {
  return (
    <>
      <p className="tile__figure">{euro(offer.price_cents)}</p>
      <ul className="plain">
        <li>
          {offer.data_kb === null ? 'Unlimited data' : `${gb(offer.data_kb).replace(/\.00$/, '')} GB data`}
          {offer.fup_kb ? ` (fair usage ${gb(offer.fup_kb).replace(/\.00$/, '')} GB)` : ''}
        </li>
        {offer.days > 0 && (
          <li>
            {count(offer.mobile_minutes, 'mobile minutes')}, {count(offer.landline_minutes, 'landline minutes')}
          </li>
        )}
        {offer.days > 0 && <li>{count(offer.texts, 'texts')}</li>}
        {offer.roaming_kb > 0 && <li>{roamingGb(offer.roaming_kb)} GB roaming in the EU</li>}
        <li>{offer.days > 0 ? `${offer.days} days` : 'Until your membership ends'}</li>
      </ul>
    </>
  );
}
