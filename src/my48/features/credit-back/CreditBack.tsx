import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { BIC_HINT, IBAN_HINT } from '../../../contract/port-out-credit.ts';
import { euro, formatMsisdn, shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { askForm, creditBacks, type NumberThatLeft } from './credit-back-store.ts';

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
        When your number moves to another network, the credit left on it is yours: ask for it back within 12 months.
        What a card paid for goes back to that card, the rest by bank transfer, after anything a top-up advance still
        owes. There is no fee.
      </p>
      {list.map((b) => (
        <LeftNumber key={b.ssn} b={b} />
      ))}
    </div>
  );
}

function LeftNumber({ b }: { b: NumberThatLeft }) {
  const ask = useStore(askForm.$state);
  const titleId = `left-${b.ssn}`;
  const tone =
    b.state === 'refused' ? 'alert alert--error' : b.state === 'paid' ? 'alert alert--success' : 'alert alert--info';
  // Credit a card paid for goes back to that card; only the rest needs a bank account.
  const bankCents = b.amount_cents - b.card_cents;
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
          <input type="hidden" name="method" value={bankCents > 0 ? 'bank' : 'card'} />
          <FormAlert>{ask.error}</FormAlert>
          <dl className="facts">
            {b.card_cents > 0 && b.card && (
              <div>
                <dt>{`To your card ending ${b.card.last4}`}</dt>
                <dd>{euro(b.card_cents)}</dd>
              </div>
            )}
            {bankCents > 0 && (
              <div>
                <dt>By bank transfer</dt>
                <dd>{euro(bankCents)}</dd>
              </div>
            )}
            {b.owed_cents > 0 && (
              <div>
                <dt>Repays your top-up advance</dt>
                <dd>{euro(b.owed_cents)}</dd>
              </div>
            )}
          </dl>
          {bankCents > 0 && (
            <fieldset className="fieldset">
              <legend>{`Your bank account for ${euro(bankCents)}`}</legend>
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
              <Field
                label="BIC (only outside the EEA)"
                name="bic"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={BIC_HINT}
                error={ask.fields['bic']}
              />
            </fieldset>
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
