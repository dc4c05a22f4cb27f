import { useStore } from '@nanostores/react';
import { useEffect, type ChangeEvent } from 'react';
import { PhoneCard } from '../../../components/phones/PhoneCard.tsx';
import { BRANDS, CATEGORIES, CATEGORY_IDS, GRADES } from '../../../contract/catalogue.ts';
import { PHONES_UNAVAILABLE } from '../../../lib/catalogue.ts';
import { SORTS, type Sort } from './choices.ts';
import { $phones, loadAffiliateId, loadMore, loadPhones } from './phones-store.ts';
import './phones.css';

/** /my48/need-a-device: the whole refurbished catalogue with category, brand and grade filters, sort, and Load more (pages of 100). */
export default function Phones() {
  const { list, hasMore, loading, failed, choices, affiliateId } = useStore($phones);
  useEffect(() => {
    void loadPhones();
    void loadAffiliateId();
  }, []);
  const choose = (key: 'category' | 'brand' | 'grade' | 'sort') => (event: ChangeEvent<HTMLSelectElement>) =>
    void loadPhones({ ...choices, [key]: event.target.value as Sort });
  return (
    <div className="stack">
      <p>
        Refurbished phones from our partner: unlocked, tested and guaranteed for 12 months. Buying through these links
        credits your account with the partner.
      </p>
      <div className="phones__filters card">
        <div className="field">
          <label htmlFor="phones-category">Category</label>
          <select id="phones-category" value={choices.category} onChange={choose('category')}>
            <option value="">All categories</option>
            {CATEGORY_IDS.map((c) => (
              <option key={c} value={c}>
                {CATEGORIES[c]}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="phones-brand">Brand</label>
          <select id="phones-brand" value={choices.brand} onChange={choose('brand')}>
            <option value="">All brands</option>
            {BRANDS.map((b) => (
              <option key={b} value={b}>
                {b}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="phones-grade">Condition</label>
          <select id="phones-grade" value={choices.grade} onChange={choose('grade')}>
            <option value="">Any condition</option>
            {GRADES.map((g) => (
              <option key={g} value={g}>
                {g}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="phones-sort">Sort by</label>
          <select id="phones-sort" value={choices.sort} onChange={choose('sort')}>
            {Object.entries(SORTS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div aria-live="polite" className="stack">
        {!loading && list.length === 0 && (
          <p className="alert alert--info" role="status">
            {failed ? PHONES_UNAVAILABLE : 'No phones match these choices. Try another category, brand or condition.'}
          </p>
        )}
        <h2 className="visually-hidden">Phones</h2>
        {list.length > 0 && <p className="visually-hidden">{`${list.length} phones shown`}</p>}
        {list.length > 0 && (
          <ul className="phones">
            {list.map((p) => (
              <PhoneCard key={p.id} phone={p} affiliateId={affiliateId} />
            ))}
          </ul>
        )}
        {loading && (
          <p role="status" className="loading-line">
            Loading phones…
          </p>
        )}
        {failed && list.length > 0 && (
          <p className="alert alert--error" role="alert">
            {PHONES_UNAVAILABLE}
          </p>
        )}
      </div>
      {hasMore && !loading && (
        <button type="button" className="btn btn--outline" onClick={() => void loadMore()}>
          Load more
        </button>
      )}
    </div>
  );
}
