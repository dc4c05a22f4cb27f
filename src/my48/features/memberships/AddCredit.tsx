import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { CREDIT_AMOUNTS_CENTS } from '../../../contract/constants.ts';
import { euro } from '../../../lib/format.ts';
import { purchase } from './memberships-store.ts';
import { useOffers } from './use-offers.tsx';
import Advance from '../../components/Advance.tsx';
import { $account } from '../../stores/account.ts';
import { ActionFeedback } from './Memberships.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { SaveCardField } from './SaveCardField.tsx';
import { say } from '../../speech.ts';
import { slotted } from '../../../lib/slotted.tsx';

/** Add credit: an amount, paid with the stored card or a new card (which can be saved). */
export default function AddCredit() {
  const { wait, offers, card, busy } = useOffers('my48.offers.needSimCredit');
  const { sim } = useStore($account);
  const form = useStore(purchase.$state);
  const [amount, setAmount] = useState<number>(1000);
  const [useCard, setUseCard] = useState(true);
  // Not ticked for the member: keeping a card is their choice (a pre-ticked box is no consent).
  const [save, setSave] = useState(false);
  if (wait || !offers) return wait;
  const stored = card ? useCard : false;
  return (
    <form className="form card" onSubmit={purchase.onSubmit} noValidate aria-labelledby="credit-form-title">
      <h2 id="credit-form-title" className="form__title">
        {say('my48.credit.choose')}
      </h2>
      <p>{slotted(say('my48.credit.yours'), { credit: <strong>{euro(offers.credit_cents)}</strong> })}</p>
      {sim && <Advance ssn={sim.ssn} explain />}
      <ActionFeedback />
      <input type="hidden" name="kind" value="credit" />
      <fieldset className="fieldset">
        <legend>{say('my48.credit.amount')}</legend>
        <div className="choices">
          {CREDIT_AMOUNTS_CENTS.map((a) => (
            <CheckField
              key={a}
              id={`amount-${a}`}
              type="radio"
              name="amount"
              value={a}
              checked={amount === a}
              onChange={() => setAmount(a)}
              label={euro(a)}
            />
          ))}
        </div>
      </fieldset>
      <fieldset className="fieldset">
        <legend>{say('my48.credit.payWith')}</legend>
        {card && (
          <CheckField
            id="with-stored"
            type="radio"
            name="card"
            value="stored"
            checked={stored}
            onChange={() => setUseCard(true)}
            label={say('my48.credit.storedCard', { brand: card.brand, last4: card.last4, expiry: card.expiry })}
          />
        )}
        <CheckField
          id="with-new"
          type="radio"
          name="card"
          value="new"
          checked={!stored}
          onChange={() => setUseCard(false)}
          label={say('my48.credit.newCard')}
        />
        {!card && <SaveCardField save={save} onSave={setSave} name="save" />}
      </fieldset>
      <button type="submit" className="btn btn--primary" disabled={busy}>
        {form.busy ? form.busyLabel : say('my48.credit.add', { amount: euro(amount) })}
      </button>
    </form>
  );
}
