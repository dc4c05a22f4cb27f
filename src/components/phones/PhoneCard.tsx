import { shopLink, type Product } from '../../contract/catalogue.ts';
import { euro } from '../../contract/format.ts';
import { phoneName } from '../../lib/catalogue.ts';
import './phone-card.css';

/** What a card says where the page is not English (my48 in Irish or Polish); English without. */
export interface PhoneCardWords {
  meta: (phone: Product) => string;
  price: (cents: number) => string;
  view: string;
  viewLabel: (phone: Product) => string;
}

const ENGLISH: PhoneCardWords = {
  meta: (p) => `${p.storage_gb} GB · ${p.colour} · ${p.grade}`,
  price: euro,
  view: 'View in shop',
  viewLabel: (p) => `View in shop: ${phoneName(p)}, ${p.grade} (opens in a new tab)`,
};

/** One refurbished phone: picture, name, grade, storage, colour, price and the partner's shop. */
export function PhoneCard({
  phone,
  affiliateId,
  words = ENGLISH,
}: {
  phone: Product;
  affiliateId?: string | null | undefined;
  words?: PhoneCardWords;
}) {
  return (
    <li className="phone">
      <img src={phone.image_url} alt="" width={160} height={200} loading="lazy" />
      <h3>{phoneName(phone)}</h3>
      <p className="phone__meta">{words.meta(phone)}</p>
      <p className="phone__price">{words.price(phone.price_cents)}</p>
      <a
        className="btn btn--outline"
        href={shopLink(phone, affiliateId)}
        rel="noopener"
        target="_blank"
        aria-label={words.viewLabel(phone)}
      >
        {words.view}
      </a>
    </li>
  );
}
