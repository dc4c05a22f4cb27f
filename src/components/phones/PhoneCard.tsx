import { shopLink, type Product } from '../../contract/catalogue.ts';
import { euro } from '../../contract/format.ts';
import { phoneName } from '../../lib/catalogue.ts';
import './phone-card.css';

/** One refurbished phone: picture, name, grade, storage, colour, price and the partner's shop. */
export function PhoneCard({ phone, affiliateId }: { phone: Product; affiliateId?: string | null | undefined }) {
  return (
    <li className="phone">
      <img src={phone.image_url} alt="" width={160} height={200} loading="lazy" />
      <h3>{phoneName(phone)}</h3>
      <p className="phone__meta">{`${phone.storage_gb} GB · ${phone.colour} · ${phone.grade}`}</p>
      <p className="phone__price">{euro(phone.price_cents)}</p>
      <a
        className="btn btn--outline"
        href={shopLink(phone, affiliateId)}
        rel="noopener"
        target="_blank"
        aria-label={`View in shop: ${phoneName(phone)}, ${phone.grade} (opens in a new tab)`}
      >
        View in shop
      </a>
    </li>
  );
}
