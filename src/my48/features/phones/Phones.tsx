import { useStore } from '@nanostores/react';
import { useEffect, type ChangeEvent } from 'react';
import { PhoneCard } from '../../../components/phones/PhoneCard.tsx';
import { BRANDS, CATEGORIES, CATEGORY_IDS, GRADES } from '../../../contract/catalogue.ts';
import { PHONES_UNAVAILABLE } from '../../../lib/catalogue.ts';
import { SORTS, type Sort } from './choices.ts';
import { $phones, loadAffiliateId, loadMore, loadPhones } from './phones-store.ts';
import './phones.css';

type Filter = 'category' | 'brand' | 'grade' | 'sort';
/** The list's filters and sort, each a select: its label and its options (value, text). */
const FILTERS: { key: Filter; label: string; options: (readonly [string, string])[] }[] = [
  {
    key: 'category',
    label: 'Category',
    options: [['', 'All categories'], ...CATEGORY_IDS.map((c) => [c, CATEGORIES[c]] as const)],
  },
  { key: 'brand', label: 'Brand', options: [['', 'All brands'], ...BRANDS.map((b) => [b, b] as const)] },
  { key: 'grade', label: 'Condition', options: [['', 'Any condition'], ...GRADES.map((g) => [g, g] as const)] },
  { key: 'sort', label: 'Sort by', options: Object.entries(SORTS) },
];

/** /my48/need-a-device: the whole refurbished catalogue with category, brand and grade filters, sort, and Load more (pages of 100). */
export default function Phones() {
  const { list, hasMore, loading, failed, choices, affiliateId } = useStore($phones);
  useEffect(() => {
    void loadPhones();
    void loadAffiliateId();
  }, []);
  const choose = (key: Filter) => (event: ChangeEvent<HTMLSelectElement>) =>
    void loadPhones({ ...choices, [key]: event.target.value as Sort });
  return (
    <div className="stack">
      <p>
        Refurbished phones from our partner: unlocked, tested and guaranteed for 12 months. Buying through these links
        credits your account with the partner.
      </p>
      <div className="phones__filters card">
        {FILTERS.map(({ key, label, options }) => (
          <div className="field" key={key}>
            <label htmlFor={`phones-${key}`}>{label}</label>
            <select id={`phones-${key}`} value={choices[key]} onChange={choose(key)}>
              {options.map(([value, text]) => (
                <option key={value} value={value}>
                  {text}
                </option>
              ))}
            </select>
          </div>
        ))}
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
