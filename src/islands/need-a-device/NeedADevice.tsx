import { useEffect, useState } from 'react';
import { PhoneCard, type PhoneCardWords } from '../../components/phones/PhoneCard.tsx';
import { CHEAPEST_COUNT, GRADES, type Product } from '../../contract/catalogue.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { listProducts, phoneName } from '../../lib/catalogue.ts';
import { euro, formatIn } from '../../lib/format.ts';
import type { NeedADeviceWords } from './need-a-device-words.ts';

/** A grade in the page's language; the partner's own words where it is not one we know. */
const gradeIn = (words: NeedADeviceWords, grade: string) =>
  (GRADES as readonly string[]).includes(grade) ? words[`my48.ph.grade.${grade as (typeof GRADES)[number]}`] : grade;

/** /need-a-device: the seven cheapest refurbished phones (spec: limit 7, ascending), in the page's language. */
export default function NeedADevice({ words, tag }: { words: NeedADeviceWords; tag: string }) {
  formatIn(tag);
  const [state, setState] = useState<{ phones?: Product[]; failed?: boolean }>({});
  useEffect(() => {
    void listProducts({ sort: { by: 'price', order: 'asc' }, pagination: { limit: CHEAPEST_COUNT } }).then((r) =>
      setState({ phones: r.products, failed: r.failed }),
    );
  }, []);
  if (!state.phones)
    return (
      <p role="status" className="loading-line">
        {words['my48.ph.loading']}
      </p>
    );
  if (state.phones.length === 0)
    return (
      <p className="alert alert--info" role="status">
        {words[state.failed ? 'my48.ph.unavailable' : 'needADevice.none']}
      </p>
    );
  const card: PhoneCardWords = {
    meta: (p) =>
      fill(words['my48.ph.meta'], { storage: String(p.storage_gb), colour: p.colour, grade: gradeIn(words, p.grade) }),
    price: euro,
    view: words['my48.ph.view'],
    viewLabel: (p) => fill(words['my48.ph.viewLabel'], { name: phoneName(p), grade: gradeIn(words, p.grade) }),
  };
  return (
    <section className="stack" aria-labelledby="cheapest-title">
      <h2 id="cheapest-title">{words['needADevice.title']}</h2>
      <ul className="phones">
        {state.phones.map((p) => (
          <PhoneCard key={p.id} phone={p} words={card} />
        ))}
      </ul>
    </section>
  );
}
