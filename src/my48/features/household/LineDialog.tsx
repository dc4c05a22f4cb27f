import { useStore } from '@nanostores/react';
import { Field, FormAlert, SelectField, SubmitButton } from '../../../components/forms/Field.tsx';
import { euro } from '../../../lib/format.ts';
import { say, sayCount } from '../../speech.ts';
import { cardName, creditFirst } from './pay-words.ts';
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
/** How the owner pays: credit first then the card, or the card. */
function PayWith({ view, error }: { view: HouseholdView; error: string | undefined }) {
  return (
    <fieldset className="fieldset">
      <legend>{say('my48.hh.payWith')}</legend>
      <Radio name="payment_type" value="BALANCE_BEFORE_SC" checked label={creditFirst(view.credit, view.card)} />
      {view.card && (
        <Radio name="payment_type" value="STORED_CARD" label={say('my48.hh.myCard', { card: cardName(view.card) })} />
      )}
      {!view.card && <p className="field__hint">{say('my48.hh.noCard')}</p>}
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
      {say('my48.hh.cancel')}
    </button>
  );
  if (action === 'membership' && line.queued)
    return (
      <Dialog title={say('my48.hh.buy.title', { name: line.name })} onClose={close} actions={cancel}>
        <p>{say('my48.hh.buy.queuedAlready', { name: line.name })}</p>
      </Dialog>
    );
  if (action === 'membership')
    return (
      <Dialog title={say('my48.hh.buy.title', { name: line.name })} onClose={close} actions={cancel}>
        <form
          className="form"
          noValidate
          onSubmit={buyForm.onSubmit}
          aria-label={say('my48.hh.act.membershipFor', { name: line.name })}
        >
          <FormAlert>{buy.error}</FormAlert>
          <fieldset className="fieldset">
            <legend>{say('my48.hh.fig.membership')}</legend>
            {view.offers.map((o, i) => (
              <Radio
                key={o.sku}
                name="sku"
                value={o.sku}
                checked={i === 0}
                label={sayCount('my48.hh.buy.offer', o.days, { name: o.name, price: euro(o.price_cents) })}
              />
            ))}
            {buy.fields['sku'] && <p className="field__error">{buy.fields['sku']}</p>}
          </fieldset>
          <p>{line.membership ? say('my48.hh.buy.queued', { name: line.name }) : say('my48.hh.buy.atOnce')}</p>
          <PayWith view={view} error={buy.fields['payment_type']} />
          <SubmitButton busy={buy.busy} busyLabel={buy.busyLabel ?? ''}>
            {say('my48.hh.buy.submit')}
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'credit')
    return (
      <Dialog title={say('my48.hh.credit.title', { name: line.name })} onClose={close} actions={cancel}>
        <form
          className="form"
          noValidate
          onSubmit={creditForm.onSubmit}
          aria-label={say('my48.hh.act.creditFor', { name: line.name })}
        >
          <FormAlert>{credit.error}</FormAlert>
          <SelectField
            label={say('my48.hh.credit.amount')}
            name="amount"
            options={CREDIT_CHOICES}
            defaultValue={CREDIT_CHOICES[1]}
            error={credit.fields['amount']}
          />
          <p className="field__hint">{say('my48.hh.credit.advance')}</p>
          <PayWith view={view} error={credit.fields['payment_type']} />
          <SubmitButton busy={credit.busy} busyLabel={credit.busyLabel ?? ''}>
            {say('my48.hh.credit.submit')}
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'limit')
    return (
      <Dialog title={say('my48.hh.act.limitFor', { name: line.name })} onClose={close} actions={cancel}>
        <form
          className="form"
          noValidate
          onSubmit={limitForm.onSubmit}
          aria-label={say('my48.hh.act.limitFor', { name: line.name })}
        >
          <FormAlert>{limit.error}</FormAlert>
          <p>{say('my48.hh.limit.what', { name: line.name })}</p>
          <Field
            label={say('my48.hh.limit.field')}
            name="limit"
            inputMode="decimal"
            autoComplete="off"
            hint={say('my48.hh.limit.hint')}
            defaultValue={line.spend_limit_cents === null ? '' : (line.spend_limit_cents / 100).toFixed(2)}
            error={limit.fields['limit']}
          />
          <SubmitButton busy={limit.busy} busyLabel={limit.busyLabel ?? ''}>
            {say('my48.hh.limit.submit')}
          </SubmitButton>
        </form>
      </Dialog>
    );
  if (action === 'controls')
    return (
      <Dialog title={say('my48.hh.act.controlsFor', { name: line.name })} onClose={close} actions={cancel}>
        <LineControls ssn={line.ssn} name={line.name} />
      </Dialog>
    );
  return (
    <Dialog title={say('my48.hh.remove.title', { name: line.name })} onClose={close} actions={cancel}>
      <form
        className="form"
        noValidate
        onSubmit={removeForm.onSubmit}
        aria-label={say('my48.hh.act.removeFor', { name: line.name })}
      >
        <FormAlert>{remove.error}</FormAlert>
        <p>{say('my48.hh.remove.what', { name: line.name })}</p>
        <SubmitButton busy={remove.busy} busyLabel={remove.busyLabel ?? ''}>
          {say('my48.hh.remove.submit')}
        </SubmitButton>
      </form>
    </Dialog>
  );
}
