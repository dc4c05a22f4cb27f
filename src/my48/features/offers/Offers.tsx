import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { ActionButton } from '../../../components/forms/ActionButton.tsx';
import { CodeField } from '../../../components/forms/KindFields.tsx';
import { PARTNER_CAMPAIGNS } from '../../../contract/offers.ts';
import { shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import {
  claim as claimAction,
  claimFreeMonth,
  loadMyOffers,
  myOffers,
  presaleForm,
  type MyOffers,
} from './offers-store.ts';

function FreeMonth({ promotions, mine }: Pick<MyOffers, 'promotions' | 'mine'>) {
  const claim = useStore(claimAction.$state);
  const offer = promotions.one_month_free;
  return (
    <section className="card stack" aria-labelledby="free-month">
      <h2 id="free-month">{offer.heading}</h2>
      <p>{offer.body}</p>
      <FormAlert tone="success">{claim.notice}</FormAlert>
      <FormAlert>{claim.error}</FormAlert>
      {mine.free_allowance.claimed && mine.free_allowance.claimed_at ? (
        <p>{`You claimed your free month on ${shortDate(mine.free_allowance.claimed_at)}.`}</p>
      ) : offer.open ? (
        <>
          <p>{`Claim it by ${shortDate(offer.ends)}${offer.purchase_deadline ? `, and buy your first membership by ${shortDate(offer.purchase_deadline)}` : ''}.`}</p>
          <ActionButton tone="primary" busy={!!claim.busy} onClick={() => void claimFreeMonth()}>
            {claim.busy ? 'Claiming your free month…' : 'Claim my free month'}
          </ActionButton>
        </>
      ) : offer.upcoming ? (
        <p>{`This offer starts on ${shortDate(offer.starts)} and runs to ${shortDate(offer.ends)}${offer.purchase_deadline ? `; buy your first membership by ${shortDate(offer.purchase_deadline)}` : ''}.`}</p>
      ) : (
        <p>{`This offer ran from ${shortDate(offer.starts)} to ${shortDate(offer.ends)} and has ended.`}</p>
      )}
    </section>
  );
}

function Presale({ presaleCode }: Pick<MyOffers, 'presaleCode'>) {
  const form = useStore(presaleForm.$state);
  useEffect(() => presaleForm.reset, []);
  return (
    <section className="card stack" aria-labelledby="presale">
      <h2 id="presale">Presale code</h2>
      {presaleCode ? (
        <>
          <p>Your presale code (keep it for the presale: it is yours alone):</p>
          <p className="voucher">{presaleCode}</p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={presaleForm.onSubmit} aria-labelledby="presale">
          <p>
            Got a presale code from one of our partners? Add it to your account to take part in the presale. One code
            per member.
          </p>
          <FormAlert>{form.error}</FormAlert>
          <CodeField label="Presale code" hint="Like LONG-1234" fields={form.fields} />
          <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
            Add my presale code
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

function Others({ mine }: Pick<MyOffers, 'mine'>) {
  return (
    <section className="card stack" aria-labelledby="more-offers">
      <h2 id="more-offers">More offers</h2>
      <ul className="stack">
        <li>
          <a href="/student-offer">Student offer</a>
          {mine.student.applied && mine.student.claimed_at
            ? `: applied on ${shortDate(mine.student.claimed_at)}`
            : ': an offer for students with a college e-mail address'}
        </li>
        {Object.values(PARTNER_CAMPAIGNS).map((c) => (
          <li key={c.page}>
            <a href={c.page}>{c.partner}</a>
            {`: ${c.reward}`}
          </li>
        ))}
        <li>
          <a href="/feelsmug">feelsmug</a>: a goody bag for the code on your coffee cup
        </li>
      </ul>
    </section>
  );
}

/** /my48/offers: one month free, the presale code, and the way to the other offers. */
export default function Offers() {
  const state = useStore(myOffers.$state);
  useEffect(() => void loadMyOffers(), []);
  if (state.status === 'error')
    return <LoadFailed error={state.error} retry={state.retryable ? () => void myOffers.retry() : undefined} />;
  if (!state.data)
    return (
      <p role="status" className="loading-line">
        Loading your offers…
      </p>
    );
  const { promotions, mine, presaleCode } = state.data;
  return (
    <div className="stack">
      <FreeMonth promotions={promotions} mine={mine} />
      <Presale presaleCode={presaleCode} />
      <Others mine={mine} />
    </div>
  );
}
