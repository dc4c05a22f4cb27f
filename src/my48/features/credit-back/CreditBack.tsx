import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { IBAN_HINT } from '../../../contract/port-out-credit.ts';
import { euro, formatMsisdn, shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { $method, askForm, creditBacks, type NumberThatLeft } from './credit-back-store.ts';

/** my48 → Credit back: what each number that moved away left in credit, and asking for it back. */
export default function CreditBack() {
  const state = useStore(creditBacks.$state);
  useEffect(() => {
    void creditBacks.load();
    return () => askForm.reset();
  }, []);
  if (state.status === 'error' && !state.data)
    return <LoadFailed error={state.error} retry={state.retryable ? () => void creditBacks.retry() : undefined} />;
  const list = state.data;
  if (!list)
    return (
      <p role="status" className="loading-line">
        Loading your credit…
      </p>
    );
  if (list.length === 0)
    return (
      <p className="card">
        None of your numbers has moved to another network. If one does, the credit it leaves is yours to ask back here,
        within 12 months.
      </p>
    );
  return (
    <div className="stack">
      <p>
        When your number moves to another network, the credit left on it is yours: ask for it back within 12 months, to
        the card you last paid with or by bank transfer. There is no fee.
      </p>
      {list.map((b) => (
        <LeftNumber key={b.ssn} b={b} />
      ))}
    </div>
  );
}

function LeftNumber({ b }: { b: NumberThatLeft }) {
  const ask = useStore(askForm.$state);
  const method = useStore($method);
  const titleId = `left-${b.ssn}`;
  const tone =
    b.state === 'refused' ? 'alert alert--error' : b.state === 'paid' ? 'alert alert--success' : 'alert alert--info';
  return (
    <section className="card stack" aria-labelledby={titleId}>
      <h2 id={titleId}>{formatMsisdn(b.msisdn)}</h2>
      <p className={tone} role="status">
        {b.message}
      </p>
      {b.can_ask && (
        <form
          className="form"
          noValidate
          onSubmit={askForm.onSubmit}
          aria-label={`Ask for ${euro(b.amount_cents)} back`}
        >
          <input type="hidden" name="ssn" value={b.ssn} />
          <FormAlert>{ask.error}</FormAlert>
          <fieldset className="fieldset">
            <legend>{`Pay ${euro(b.amount_cents)} back`}</legend>
            {b.card && (
              <CheckField
                id={`${b.ssn}-card`}
                type="radio"
                name="method"
                value="card"
                checked={method === 'card'}
                onChange={() => $method.set('card')}
                label={`To my card ending ${b.card.last4}`}
              />
            )}
            <CheckField
              id={`${b.ssn}-bank`}
              type="radio"
              name="method"
              value="bank"
              checked={method === 'bank' || !b.card}
              onChange={() => $method.set('bank')}
              label="By bank transfer"
            />
          </fieldset>
          {(method === 'bank' || !b.card) && (
            <>
              <Field
                label="IBAN"
                name="iban"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={IBAN_HINT}
                error={ask.fields['iban']}
              />
              <Field
                label="Name on the account"
                name="account_name"
                autoComplete="name"
                hint="As your bank has it."
                error={ask.fields['account_name']}
              />
            </>
          )}
          <SubmitButton busy={ask.busy} busyLabel={ask.busyLabel ?? ''}>
            {`Ask for ${euro(b.amount_cents)} back`}
          </SubmitButton>
        </form>
      )}
      <p className="field__hint">{`You can ask until ${shortDate(b.offer_until)}.`}</p>
    </section>
  );
}
