import { roamingGb } from '../../../contract/roaming.ts';
import { decimal, euro, gb } from '../../../lib/format.ts';
import type { Offer } from '../../../contract/memberships.schema.ts';
import { say, sayCount, type My48Key } from '../../speech.ts';

/** A count of an offer in the page's language: "300 mobile minutes", or its unlimited words. */
const count = (n: number | null, counted: My48Key, unlimited: My48Key) =>
  n === null ? say(unlimited) : sayCount(counted, n);
/** An offer's GB: "5", "1.50" ("1,50" in Polish). */
const size = (kb: number) => decimal(gb(kb)).replace(/[.,]00$/, '');

/** One membership or add-on as the lists show it: name, price, what it gives. */
export function OfferFacts({ offer }: { offer: Offer }) {
  return (
    <>
      <p className="tile__figure">{euro(offer.price_cents)}</p>
      <ul className="plain">
        <li>
          {offer.data_kb === null
            ? say('my48.offer.unlimitedData')
            : say('my48.offer.data', { gb: size(offer.data_kb) })}
          {offer.fup_kb ? ` ${say('my48.offer.fairUsage', { gb: size(offer.fup_kb) })}` : ''}
        </li>
        {offer.days > 0 && (
          <li>
            {count(offer.mobile_minutes, 'my48.offer.mobileMinutes', 'my48.offer.unlimitedMobile')},{' '}
            {count(offer.landline_minutes, 'my48.offer.landlineMinutes', 'my48.offer.unlimitedLandline')}
          </li>
        )}
        {offer.days > 0 && <li>{count(offer.texts, 'my48.offer.texts', 'my48.offer.unlimitedTexts')}</li>}
        {offer.roaming_kb > 0 && <li>{say('my48.offer.roaming', { gb: decimal(roamingGb(offer.roaming_kb)) })}</li>}
        <li>{offer.days > 0 ? sayCount('my48.offer.days', offer.days) : say('my48.offer.untilEnd')}</li>
      </ul>
    </>
  );
}
