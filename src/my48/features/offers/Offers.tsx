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
  speakPresaleForm,
  type MyOffers,
} from './offers-store.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { locale, say } from '../../speech.ts';
import { LANGUAGE_TAG, type Locale } from '../../../contract/i18n/locales.ts';
import { localHref } from '../../../contract/i18n/routes.ts';

/** The `lang` of words in `language` on this screen: none where it is the screen's own. */
const saidIn = (language: Locale) => (language === locale() ? undefined : LANGUAGE_TAG[language]);

function FreeMonth({ promotions, mine }: Pick<MyOffers, 'promotions' | 'mine'>) {
  const claim = useStore(claimAction.$state);
  const offer = promotions.one_month_free;
  return (
    <section className="card stack" aria-labelledby="free-month">
      {/* The content's words: in the page's language where translated, else English and marked so. */}
      <h2 id="free-month" lang={saidIn(offer.language)}>
        {offer.heading}
      </h2>
      <p lang={saidIn(offer.language)}>{offer.body}</p>
      <FormAlert tone="success">{claim.notice}</FormAlert>
      <FormAlert>{claim.error}</FormAlert>
      {mine.free_allowance.claimed && mine.free_allowance.claimed_at ? (
        <p>{say('my48.off.claimedOn', { date: shortDate(mine.free_allowance.claimed_at) })}</p>
      ) : offer.open ? (
        <>
          <p>
            {offer.purchase_deadline
              ? say('my48.off.claimByBuy', {
                  ends: shortDate(offer.ends),
                  deadline: shortDate(offer.purchase_deadline),
                })
              : say('my48.off.claimBy', { ends: shortDate(offer.ends) })}
          </p>
          <ActionButton tone="primary" busy={!!claim.busy} onClick={() => void claimFreeMonth()}>
            {say(claim.busy ? 'my48.off.claiming' : 'my48.off.claim')}
          </ActionButton>
        </>
      ) : offer.upcoming ? (
        <p>
          {say(offer.purchase_deadline ? 'my48.off.startsOnBuy' : 'my48.off.startsOn', {
            starts: shortDate(offer.starts),
            ends: shortDate(offer.ends),
            deadline: offer.purchase_deadline ? shortDate(offer.purchase_deadline) : '',
          })}
        </p>
      ) : (
        <p>{say('my48.off.ran', { starts: shortDate(offer.starts), ends: shortDate(offer.ends) })}</p>
      )}
    </section>
  );
}

function Presale({ presaleCode }: Pick<MyOffers, 'presaleCode'>) {
  const form = useStore(presaleForm.$state);
  useEffect(() => presaleForm.reset, []);
  speakPresaleForm();
  return (
    <section className="card stack" aria-labelledby="presale">
      <h2 id="presale">{say('my48.off.presale')}</h2>
      {presaleCode ? (
        <>
          <p>{say('my48.off.yourCode')}</p>
          <p className="voucher">{presaleCode}</p>
        </>
      ) : (
        <form className="form" noValidate onSubmit={presaleForm.onSubmit} aria-labelledby="presale">
          <p>{say('my48.off.presaleIntro')}</p>
          <FormAlert>{form.error}</FormAlert>
          <CodeField label={say('my48.off.presale')} hint={say('my48.off.hint')} fields={form.fields} />
          <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
            {say('my48.off.add')}
          </SubmitButton>
        </form>
      )}
    </section>
  );
}

/** The partner's brand, a name in every language. */
const FEELSMUG = 'feelsmug';

function Others({ mine }: Pick<MyOffers, 'mine'>) {
  return (
    <section className="card stack" aria-labelledby="more-offers">
      <h2 id="more-offers">{say('my48.off.more')}</h2>
      <ul className="stack">
        <li>
          {mine.student.applied && mine.student.claimed_at
            ? slotted(say('my48.off.studentApplied', { date: shortDate(mine.student.claimed_at) }), {
                link: <a href={localHref(locale(), '/student-offer')}>{say('my48.off.student')}</a>,
              })
            : slotted(say('my48.off.studentWhat'), {
                link: <a href={localHref(locale(), '/student-offer')}>{say('my48.off.student')}</a>,
              })}
        </li>
        {(Object.keys(PARTNER_CAMPAIGNS) as (keyof typeof PARTNER_CAMPAIGNS)[]).map((slug) => (
          <li key={slug}>
            {slotted(say('my48.off.partner', { reward: say(`my48.off.reward.${slug}`) }), {
              link: <a href={PARTNER_CAMPAIGNS[slug].page}>{PARTNER_CAMPAIGNS[slug].partner}</a>,
            })}
          </li>
        ))}
        <li>{slotted(say('my48.off.feelsmug'), { link: <a href="/feelsmug">{FEELSMUG}</a> })}</li>
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
        {say('my48.off.loading')}
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
