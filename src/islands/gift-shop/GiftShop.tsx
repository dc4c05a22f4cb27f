import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { euro, formatIn, formatMsisdn } from '../../lib/format.ts';
import { fill } from '../../contract/i18n/fill.ts';
import { $giftShopSpeech, type GiftShopSpeech } from './gift-shop-words.ts';
import { $giftOffers, $recipient, giftForm, numberForm, startAgain } from './gift-shop-store.ts';
import './gift-shop.css';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { CheckField } from '../../components/forms/CheckField.tsx';

/**
 * Gift a plan: a membership or a top-up for a member's number, for visitors and members alike, in
 * the page's language (the memberships by their names in it where they have them).
 */
export default function GiftShop({
  names = {},
  ...speech
}: GiftShopSpeech & {
  /** The memberships' names in the page's language, by SKU (the list's translation). */
  names?: Readonly<Record<string, string>>;
}) {
  const { words } = speech;
  // The actions, loaded on the first step, speak with the same words; amounts as the language writes them.
  if ($giftShopSpeech.get()?.words !== words) {
    $giftShopSpeech.set(speech);
    formatIn(speech.tag);
  }
  const common = { rules: speech.rules, unavailable: words['form.unavailable'], words };
  numberForm.speak({ ...common, labels: { msisdn: words['gift.number'] }, busyLabel: words['gift.checking'] });
  giftForm.speak({ ...common, labels: { buyer_email: words['gift.email'] }, busyLabel: words['gift.opening'] });
  const recipient = useStore($recipient);
  const step1 = useStore(numberForm.$state);
  const step2 = useStore(giftForm.$state);
  const { offers, error } = useStore($giftOffers);
  const heading = useRef<HTMLHeadingElement>(null);
  // The second step takes the focus, as a new page would.
  useEffect(() => {
    if (recipient) heading.current?.focus();
  }, [recipient, offers]);

  if (!recipient) {
    return (
      <FormCard id="gift-number-title" title={words['gift.who']} onSubmit={numberForm.onSubmit}>
        <FormAlert>{step1.error}</FormAlert>
        <Field
          label={words['gift.number']}
          name="msisdn"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          hint={words['gift.numberHint']}
          required
          error={step1.fields['msisdn']}
        />
        <fieldset className="fieldset">
          <legend>{words['gift.what']}</legend>
          <CheckField
            id="gift-membership"
            type="radio"
            name="gift"
            value="membership"
            defaultChecked
            label={words['gift.aMembership']}
          />
          <CheckField id="gift-credit" type="radio" name="gift" value="credit" label={words['gift.aTopUp']} />
        </fieldset>
        <SubmitButton busy={step1.busy} busyLabel={step1.busyLabel ?? ''}>
          {words['gift.continue']}
        </SubmitButton>
      </FormCard>
    );
  }

  if (error) return <FormAlert>{error}</FormAlert>;
  if (!offers) return <p role="status">{words['gift.loading']}</p>;
  const choices =
    recipient.gift === 'membership'
      ? offers.memberships.map((m) => ({ value: m.sku, label: `${names[m.sku] ?? m.name}, ${euro(m.price_cents)}` }))
      : offers.credit_amounts.map((a) => ({
          value: String(a),
          label: fill(words['gift.credit'], { amount: euro(a) }),
        }));
  return (
    <form
      className="form card"
      method="post"
      noValidate
      onSubmit={giftForm.onSubmit}
      aria-labelledby="gift-choice-title"
    >
      <h2 id="gift-choice-title" className="form__title" tabIndex={-1} ref={heading}>
        {words[recipient.gift === 'membership' ? 'gift.chooseMembership' : 'gift.chooseTopUp']}
      </h2>
      <p>
        {fill(words['gift.for'], { number: formatMsisdn(recipient.msisdn.replace(/\s/g, '')) })}{' '}
        <button type="button" className="link-button" onClick={startAgain}>
          {words['gift.change']}
        </button>
      </p>
      <FormAlert>{step2.error}</FormAlert>
      <fieldset className="fieldset">
        <legend>{words[recipient.gift === 'membership' ? 'gift.membership' : 'gift.amount']}</legend>
        {choices.map((c, i) => (
          <CheckField
            key={c.value}
            id={`choice-${c.value}`}
            type="radio"
            name="choice"
            value={c.value}
            defaultChecked={i === 0}
            label={c.label}
          />
        ))}
      </fieldset>
      <EmailField label={words['gift.email']} name="buyer_email" fields={step2.fields} hint={words['gift.emailHint']} />
      <SubmitButton busy={step2.busy} busyLabel={step2.busyLabel ?? ''}>
        {words['gift.pay']}
      </SubmitButton>
      <p className="form__note">{words['gift.note']}</p>
    </form>
  );
}
