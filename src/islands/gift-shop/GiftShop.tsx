import { useStore } from '@nanostores/react';
import { useEffect, useRef } from 'react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField } from '../../components/forms/KindFields.tsx';
import { euro, formatMsisdn } from '../../lib/format.ts';
import { $giftOffers, $recipient, giftForm, numberForm, startAgain } from './gift-shop-store.ts';
import './gift-shop.css';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { CheckField } from '../../components/forms/CheckField.tsx';

/** Gift a plan: a membership or a top-up for a member's number, for visitors and members alike. */
export default function GiftShop() {
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
      <FormCard id="gift-number-title" title="Who is it for?" onSubmit={numberForm.onSubmit}>
        <FormAlert>{step1.error}</FormAlert>
        <Field
          label="Their 48 number"
          name="msisdn"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          hint="Like 087 123 4567."
          required
          error={step1.fields['msisdn']}
        />
        <fieldset className="fieldset">
          <legend>What would you like to give?</legend>
          <CheckField
            id="gift-membership"
            type="radio"
            name="gift"
            value="membership"
            defaultChecked
            label="A membership"
          />
          <CheckField id="gift-credit" type="radio" name="gift" value="credit" label="A top-up (credit)" />
        </fieldset>
        <SubmitButton busy={step1.busy} busyLabel={step1.busyLabel ?? ''}>
          Continue
        </SubmitButton>
      </FormCard>
    );
  }

  if (error) return <FormAlert>{error}</FormAlert>;
  if (!offers) return <p role="status">Loading…</p>;
  const choices =
    recipient.gift === 'membership'
      ? offers.memberships.map((m) => ({ value: m.sku, label: `${m.name}, ${euro(m.price_cents)}` }))
      : offers.credit_amounts.map((a) => ({ value: String(a), label: `${euro(a)} credit` }));
  return (
    <form
      className="form card"
      method="post"
      noValidate
      onSubmit={giftForm.onSubmit}
      aria-labelledby="gift-choice-title"
    >
      <h2 id="gift-choice-title" className="form__title" tabIndex={-1} ref={heading}>
        {recipient.gift === 'membership' ? 'Choose a membership' : 'Choose a top-up'}
      </h2>
      <p>
        For {formatMsisdn(recipient.msisdn.replace(/\s/g, ''))}.{' '}
        <button type="button" className="link-button" onClick={startAgain}>
          Change
        </button>
      </p>
      <FormAlert>{step2.error}</FormAlert>
      <fieldset className="fieldset">
        <legend>{recipient.gift === 'membership' ? 'Membership' : 'Amount'}</legend>
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
      <EmailField
        label="Your e-mail address"
        name="buyer_email"
        fields={step2.fields}
        hint="We send your receipt here."
      />
      <SubmitButton busy={step2.busy} busyLabel={step2.busyLabel ?? ''}>
        Pay by card
      </SubmitButton>
      <p className="form__note">
        A membership starts when their current one ends; a top-up is added straight away. We tell them in their 48 app.
      </p>
    </form>
  );
}
