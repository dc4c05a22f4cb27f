import { useEffect, useState } from 'react';
import { PhoneCard } from '../../components/phones/PhoneCard.tsx';
import { CHEAPEST_COUNT, type Product } from '../../contract/catalogue.ts';
import { listProducts, PHONES_UNAVAILABLE } from '../../lib/catalogue.ts';

/** /need-a-device: the seven cheapest refurbished phones (spec: limit 7, ascending). */
export default function NeedADevice() {
  const [state, setState] = useState<{ phones?: Product[]; failed?: boolean }>({});
  useEffect(() => {
    void listProducts({ sort: { by: 'price', order: 'asc' }, pagination: { limit: CHEAPEST_COUNT } }).then((r) =>
      setState({ phones: r.products, failed: r.failed }),
    );
  }, []);
  if (!state.phones)
    return (
      <p role="status" className="loading-line">
        Loading phones…
      </p>
    );
  if (state.phones.length === 0)
    return (
      <p className="alert alert--info" role="status">
        {state.failed ? PHONES_UNAVAILABLE : 'No phones in stock just now. Please look again soon.'}
      </p>
    );
  return (
    <section className="stack" aria-labelledby="cheapest-title">
      <h2 id="cheapest-title">Our best-priced refurbished phones</h2>
      <ul className="phones">
        {state.phones.map((p) => (
          <PhoneCard key={p.id} phone={p} />
        ))}
      </ul>
    </section>
  );
}
