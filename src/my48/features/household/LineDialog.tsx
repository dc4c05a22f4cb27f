import { useStore } from '@nanostores/react';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import { euro } from '../../../lib/format.ts';
import { Dialog } from '../../components/Dialog.tsx';
import {
  $open,
  buyForm,
  CREDIT_CHOICES,
  creditForm,
  limitForm,
  removeForm,
  type HouseholdView,
} from './household-store.ts';
import './household.css';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { LineControls } from './LineControls.tsx';

/** What the owner does for a line, in a dialog: buy, credit, the limit, removing it, an invitation withdrawn. */

function Radio({ name, value, label, checked }: { name: string; value: string; label: string; checked?: boolean }) {
  const id = `${name}-${value}`;
  return <CheckField id={id} type="radio" name={name} value={value} defaultChecked={checked} label={label} />;
}
const cardName = (card: { brand: string; last4: string }) =>
  `${card.brand === 'VISA' ? 'Visa' : card.brand === 'MASTER' ? 'Mastercard' : card.brand} ending ${card.last4}`;

/** How the owner pays: credit first then the card, or the card. */
function PayWith({ view, error }: { view: HouseholdView; error: string | undefined }) {
  return (
    <fieldset className="fieldset">
      <legend>Pay with</legend>
      <Radio
        name="payment_type"
        value="BALANCE_BEFORE_SC"
        checked
        label={`My credit first (${euro(view.credit)})${view.card ? `, then my ${cardName(view.card)}` : ''}`}
      />
      {view.card && <Radio name="payment_type" value="STORED_CARD" label={`My ${cardName(view.card)}`} />}
      {!view.card && (
        <p className="field__hint">You have no stored card: save one in Settings → Payment details to pay by card.</p>
      )}
      {error && <p className="field__error">{error}</p>}
    </fieldset>
  );
}

export function LineDialog({ view }: { view: HouseholdView }) {
  const open = useStore($open);
  const buy = useStore(buyForm.$state);
  const credit = useStore(creditForm.$state);
  const limit = useStore(limitForm.$state);
  const remove = useStore(removeForm.$state);
  if (!open) return null;
  const { line, action } = open;
  const close = () => $open.set(undefined);
  const cancel = (
    <button type="button" className="btn btn--outline" onClick={close}>
      Cancel
    </button>
  );
  if (action === 'membership' && line.queued)
    return (
      <Dialog title={`A membership for ${line.name}`} onClose={close} actions={cancel}>
        <p>{`${line.name} has a membership queued already. You can buy another once it has started.`}</p>
      </Dialog>
    );
  if (action === 'membership')
    return (
      <Dialog title={`A membership for ${line.name}`} onClose={close} actions={cancel}>
        <form className="form" noValidate onSubmit={buyForm.onSubmit} aria-label={`Buy a membership for ${line.name}`}>
          <FormAlert>{buy.error}</FormAlert>
          <fieldset className="fieldset">
            <legend>Membership</legend>
            {view.offers.map((o, i) => (
              <Radio
                key={o.sku}
                name="sku"
                value={o.sku}
                checked={i === 0}
                label={`${o.name}: ${euro(o.price_cents)} for ${o.days} days`}
              />
            ))}
            {buy.fields['sku'] && <p className="field__error">{buy.fields['sku']}</p>}
          </fieldset>
          <p>
            {line.membership
              ? `${line.name} has a current membership: this one is queued to start when it ends.`
              : 'It starts at once.'}
          </p>
          <PayWith view={view} error={buy.fields['payment_type']} />
          <SubmitButton busy={buy.busy} busyLabel={buy.busyLabel ?? ''}>
            Pay and buy
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'credit')
    return (
      <Dialog title={`Credit for ${line.name}`} onClose={close} actions={cancel}>
        <form className="form" noValidate onSubmit={creditForm.onSubmit} aria-label={`Add credit for ${line.name}`}>
          <FormAlert>{credit.error}</FormAlert>
          <SelectField
            label="Amount"
            name="amount"
            options={CREDIT_CHOICES}
            defaultValue={CREDIT_CHOICES[1]}
            error={credit.fields['amount']}
          />
          <p className="field__hint">If the line owes a top-up advance, the credit repays it first.</p>
          <PayWith view={view} error={credit.fields['payment_type']} />
          <SubmitButton busy={credit.busy} busyLabel={credit.busyLabel ?? ''}>
            Pay and add credit
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'limit')
    return (
      <Dialog title={`Spend limit for ${line.name}`} onClose={close} actions={cancel}>
        <form className="form" noValidate onSubmit={limitForm.onSubmit} aria-label={`Spend limit for ${line.name}`}>
          <FormAlert>{limit.error}</FormAlert>
          <p>What {line.name} may pay by their own card each month. What you buy for the line does not count.</p>
          <Field
            label="Monthly limit in euro"
            name="limit"
            inputMode="decimal"
            autoComplete="off"
            hint="Leave it empty for no limit."
            defaultValue={line.spend_limit_cents === null ? '' : (line.spend_limit_cents / 100).toFixed(2)}
            error={limit.fields['limit']}
          />
          <SubmitButton busy={limit.busy} busyLabel={limit.busyLabel ?? ''}>
            Save the limit
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'controls')
    return (
      <Dialog title={`Pause and filters for ${line.name}`} onClose={close} actions={cancel}>
        <LineControls ssn={line.ssn} name={line.name} />
      </Dialog>
    );
  return (
    <Dialog title={`Remove ${line.name}'s line?`} onClose={close} actions={cancel}>
      <form className="form" noValidate onSubmit={removeForm.onSubmit} aria-label={`Remove ${line.name}'s line`}>
        <FormAlert>{remove.error}</FormAlert>
        <p>You will no longer see the line or pay for it. Its membership and credit stay with {line.name}.</p>
        <SubmitButton busy={remove.busy} busyLabel={remove.busyLabel ?? ''}>
          Remove the line
        </SubmitButton>
      </form>
    </Dialog>
  );
}
