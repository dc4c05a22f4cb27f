import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { euro, formatMsisdn, shortDate } from '../../../lib/format.ts';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { askForm, askSpeech, creditBacks, type NumberThatLeft } from './credit-back-store.ts';
import { say } from '../../speech.ts';

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
        {say('my48.cb.loading')}
      </p>
    );
  if (list.length === 0) return <p className="card">{say('my48.cb.none')}</p>;
  return (
    <div className="stack">
      <p>{say('my48.cb.intro')}</p>
      {list.map((b) => (
        <LeftNumber key={b.ssn} b={b} />
      ))}
    </div>
  );
}

function LeftNumber({ b }: { b: NumberThatLeft }) {
  const ask = useStore(askForm.$state);
  askForm.speak(askSpeech());
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
          aria-label={say('my48.cb.ask', { amount: euro(b.amount_cents) })}
        >
          <input type="hidden" name="ssn" value={b.ssn} />
          <input type="hidden" name="method" value={bankCents > 0 ? 'bank' : 'card'} />
          <FormAlert>{ask.error}</FormAlert>
          <dl className="facts">
            {b.card_cents > 0 && b.card && (
              <div>
                <dt>{say('my48.cb.toCard', { last4: b.card.last4 })}</dt>
                <dd>{euro(b.card_cents)}</dd>
              </div>
            )}
            {bankCents > 0 && (
              <div>
                <dt>{say('my48.cb.byTransfer')}</dt>
                <dd>{euro(bankCents)}</dd>
              </div>
            )}
            {b.owed_cents > 0 && (
              <div>
                <dt>{say('my48.cb.repays')}</dt>
                <dd>{euro(b.owed_cents)}</dd>
              </div>
            )}
          </dl>
          {bankCents > 0 && (
            <fieldset className="fieldset">
              <legend>{say('my48.cb.account', { amount: euro(bankCents) })}</legend>
              <Field
                label={say('my48.cb.iban')}
                name="iban"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={say('my48.cb.ibanHint')}
                error={ask.fields['iban']}
              />
              <Field
                label={say('my48.cb.name')}
                name="account_name"
                autoComplete="name"
                hint={say('my48.cb.nameHint')}
                error={ask.fields['account_name']}
              />
              <Field
                label={say('my48.cb.bic')}
                name="bic"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                hint={say('my48.cb.bicHint')}
                error={ask.fields['bic']}
              />
            </fieldset>
          )}
          <SubmitButton busy={ask.busy} busyLabel={ask.busyLabel ?? ''}>
            {say('my48.cb.ask', { amount: euro(b.amount_cents) })}
          </SubmitButton>
        </form>
      )}
      <p className="field__hint">{say('my48.cb.until', { day: shortDate(b.offer_until) })}</p>
    </section>
  );
}
