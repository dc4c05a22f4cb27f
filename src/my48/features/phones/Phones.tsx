import { useStore } from '@nanostores/react';
import { useEffect, type ChangeEvent } from 'react';
import { PhoneCard, type PhoneCardWords } from '../../../components/phones/PhoneCard.tsx';
import { BRANDS, CATEGORY_IDS, GRADES, type Product } from '../../../contract/catalogue.ts';
import { phoneName } from '../../../lib/catalogue.ts';
import { euro } from '../../../lib/format.ts';
import { SORTS, type Sort } from './choices.ts';
import { say, sayCount } from '../../speech.ts';
import { $phones, loadAffiliateId, loadMore, loadPhones } from './phones-store.ts';
import './phones.css';

type Filter = 'category' | 'brand' | 'grade' | 'sort';
/** A grade in the page's language ("Very good", "Bardzo dobry"); the partner's own words if not known. */
const gradeOf = (grade: string) =>
  (GRADES as readonly string[]).includes(grade) ? say(`my48.ph.grade.${grade as (typeof GRADES)[number]}`) : grade;

/** The list's filters and sort, each a select: its label and its options (value, text), in the page's language. */
const filters = (): { key: Filter; label: string; options: (readonly [string, string])[] }[] => [
  {
    key: 'category',
    label: say('my48.ph.category'),
    options: [['', say('my48.ph.allCategories')], ...CATEGORY_IDS.map((c) => [c, say(`my48.ph.cat.${c}`)] as const)],
  },
  {
    key: 'brand',
    label: say('my48.ph.brand'),
    options: [['', say('my48.ph.allBrands')], ...BRANDS.map((b) => [b, b] as const)],
  },
  {
    key: 'grade',
    label: say('my48.ph.condition'),
    options: [['', say('my48.ph.anyCondition')], ...GRADES.map((g) => [g, gradeOf(g)] as const)],
  },
  {
    key: 'sort',
    label: say('my48.ph.sortBy'),
    options: SORTS.map((s) => [s, say(`my48.ph.sort.${s}`)] as const),
  },
];

/** A phone's card in the page's language: its grade, its price, the shop's link. */
const cardWords = (): PhoneCardWords => ({
  meta: (p: Product) => say('my48.ph.meta', { storage: p.storage_gb, colour: p.colour, grade: gradeOf(p.grade) }),
  price: euro,
  view: say('my48.ph.view'),
  viewLabel: (p: Product) => say('my48.ph.viewLabel', { name: phoneName(p), grade: gradeOf(p.grade) }),
});

/** /my48/need-a-device: the whole refurbished catalogue with category, brand and grade filters, sort, and Load more (pages of 100). */
export default function Phones() {
  const { list, hasMore, loading, failed, choices, affiliateId } = useStore($phones);
  useEffect(() => {
    void loadPhones();
    void loadAffiliateId();
  }, []);
  const choose = (key: Filter) => (event: ChangeEvent<HTMLSelectElement>) =>
    void loadPhones({ ...choices, [key]: event.target.value as Sort });
  const words = cardWords();
  return (
    <div className="stack">
      <p>{say('my48.ph.intro')}</p>
      <div className="phones__filters card">
        {filters().map(({ key, label, options }) => (
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
            {say(failed ? 'my48.ph.unavailable' : 'my48.ph.noMatch')}
          </p>
        )}
        <h2 className="visually-hidden">{say('my48.ph.phones')}</h2>
        {list.length > 0 && <p className="visually-hidden">{sayCount('my48.ph.shown', list.length)}</p>}
        {list.length > 0 && (
          <ul className="phones">
            {list.map((p) => (
              <PhoneCard key={p.id} phone={p} affiliateId={affiliateId} words={words} />
            ))}
          </ul>
        )}
        {loading && (
          <p role="status" className="loading-line">
            {say('my48.ph.loading')}
          </p>
        )}
        {failed && list.length > 0 && (
          <p className="alert alert--error" role="alert">
            {say('my48.ph.unavailable')}
          </p>
        )}
      </div>
      {hasMore && !loading && (
        <button type="button" className="btn btn--outline" onClick={() => void loadMore()}>
          {say('my48.ph.loadMore')}
        </button>
      )}
    </div>
  );
}
