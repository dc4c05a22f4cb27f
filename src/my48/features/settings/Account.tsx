import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import { MarketingPermissionsForm } from '../../../components/forms/MarketingPermissionsForm.tsx';
import { formValues } from '../../../lib/form-values.ts';
import { currentUserId } from '../../../lib/member-session.ts';
import {
  $card,
  storedCard,
  details as detailsLoader,
  languageForm,
  loadCard,
  nameForm,
  passwordForm,
  registerCard,
  removeCard,
} from './settings-store.ts';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import { LoadFailed } from '../../components/LoadFailed.tsx';
import { CheckField } from '../../../components/forms/CheckField.tsx';
import { LANGUAGE_NAME, LANGUAGE_TAG, LOCALES } from '../../../contract/i18n/locales.ts';

export function MyDetails() {
  const loaded = useStore(detailsLoader.$state);
  const { busy, busyLabel, error, fields, result } = useStore(nameForm.$state);
  const language = useStore(languageForm.$state);
  useEffect(() => {
    void detailsLoader.load();
    return () => {
      nameForm.reset();
      languageForm.reset();
    };
  }, []);
  const details = loaded.data;
  if (!details)
    return loaded.status === 'error' ? (
      <LoadFailed error={loaded.error} retry={loaded.retryable ? () => void detailsLoader.retry() : undefined} />
    ) : (
      <p role="status">Loading your details…</p>
    );
  return (
    <>
      <form className="form card" noValidate onSubmit={nameForm.onSubmit} aria-labelledby="details-title">
        <h3 id="details-title" className="form__title">
          Your name
        </h3>
        <FormAlert>{error}</FormAlert>
        {result && <FormAlert tone="success">{result}</FormAlert>}
        <div className="form__row">
          <Field
            label="First name"
            name="firstname"
            autoComplete="given-name"
            defaultValue={details.firstname}
            required
            error={fields['firstname']}
          />
          <Field
            label="Last name"
            name="lastname"
            autoComplete="family-name"
            defaultValue={details.lastname}
            required
            error={fields['lastname']}
          />
        </div>
        <p>
          E-mail address: <strong>{details.email}</strong>
        </p>
        <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
          Save my name
        </SubmitButton>
      </form>
      <form className="form card" noValidate onSubmit={languageForm.onSubmit} aria-labelledby="language-title">
        <h3 id="language-title" className="form__title">
          Language
        </h3>
        <FormAlert>{language.error}</FormAlert>
        {language.result && <FormAlert tone="success">{language.result}</FormAlert>}
        <fieldset className="fieldset">
          <legend>The language of our messages to you</legend>
          {LOCALES.map((l) => (
            <CheckField
              key={l}
              id={`language-${l}`}
              type="radio"
              name="language"
              value={l}
              defaultChecked={details.language === l}
              label={<span lang={LANGUAGE_TAG[l]}>{LANGUAGE_NAME[l]}</span>}
            />
          ))}
        </fieldset>
        <SubmitButton busy={language.busy} busyLabel={language.busyLabel ?? ''}>
          Save my language
        </SubmitButton>
      </form>
    </>
  );
}

/** The stored card: never the number, only what identifies it to the member; removed or replaced here. */
export function PaymentDetails() {
  const state = useStore(storedCard.$state);
  const { busy, error, notice, codeError } = useStore($card);
  const codeOf = (button: HTMLButtonElement) =>
    button.form?.querySelector<HTMLInputElement>('input[name="step_up_code"]')?.value;
  useEffect(() => void loadCard(), []);
  if (state.status === 'error')
    return <LoadFailed error={state.error} retry={state.retryable ? () => void storedCard.retry() : undefined} />;
  if (state.data === undefined) return <p role="status">Loading your card…</p>;
  const card = state.data;
  return (
    <div className="card stack">
      <FormAlert>{error}</FormAlert>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {card ? (
        <>
          <p>
            Your stored card: <strong>{`${card.brand} ending ${card.last4}`}</strong>, expires {card.expiry}. It pays
            what your credit does not, and renews your membership when auto-renew is on.
          </p>
          <form
            className="stack"
            noValidate
            onSubmit={(e) => e.preventDefault()}
            aria-label="Remove or replace your card"
          >
            <StepUpCode purpose="card" error={codeError} />
            <div className="actions">
              <button
                type="button"
                className="btn btn--outline"
                disabled={Boolean(busy)}
                onClick={(e) => void removeCard(codeOf(e.currentTarget))}
              >
                {busy === 'Removing…' ? busy : 'Remove this card'}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={Boolean(busy)}
                onClick={(e) => void registerCard(codeOf(e.currentTarget))}
              >
                Use another card
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <p>
            You have no stored card. Save one to pay for memberships and add-ons in one step; €1.00 is authorised to
            check it and released at once.
          </p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={Boolean(busy)}
              onClick={() => void registerCard()}
            >
              {busy ?? 'Save a card'}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export function ChangePassword() {
  const { busy, busyLabel, error, fields, result } = useStore(passwordForm.$state);
  useEffect(() => passwordForm.reset, []);
  return (
    <form
      className="form card"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        const form = e.currentTarget;
        void passwordForm.submit(formValues(form)).then(() => {
          if (passwordForm.$state.get().result) form.reset();
        });
      }}
      aria-labelledby="password-title"
    >
      <h3 id="password-title" className="form__title">
        Change your password
      </h3>
      <FormAlert>{error}</FormAlert>
      {result && <FormAlert tone="success">{result}</FormAlert>}
      <PasswordField kind="current" label="Current password" name="current_password" fields={fields} />
      <PasswordField kind="new" name="new_password" fields={fields} />
      <PasswordField kind="again" fields={fields} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        Change password
      </SubmitButton>
    </form>
  );
}

/** Marketing permissions, as on the page after a first log-in. */
export function Permissions() {
  return <MarketingPermissionsForm userId={currentUserId() ?? ''} />;
}

export function AboutUs() {
  return (
    <div className="card prose">
      <p>
        48 is a prepaid mobile network for Ireland: no contract, flexible data you can carry over, save, share or
        donate.
      </p>
      <ul>
        <li>
          <a href="/about-us">About 48</a>
        </li>
        <li>
          <a href="/legal/terms-and-conditions">Terms and conditions</a>
        </li>
        <li>
          <a href="/legal/privacy-policy">Privacy policy</a>
        </li>
        <li>
          <a href="/help">Help</a>
        </li>
      </ul>
    </div>
  );
}
