import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { Field, FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { PasswordField } from '../../../components/forms/KindFields.tsx';
import {
  MarketingPermissionsForm,
  PERMISSIONS_KEYS,
  permissionsWordsOf,
} from '../../../components/forms/MarketingPermissionsForm.tsx';
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
import { PASSWORD_MIN } from '../../../contract/forms.ts';
import { SAVE_CARD_AMOUNT_CENTS } from '../../../contract/payments.ts';
import { euro } from '../../../lib/format.ts';
import { slotted } from '../../../lib/slotted.tsx';
import { formSpeech, say, sayCount } from '../../speech.ts';

export function MyDetails() {
  const loaded = useStore(detailsLoader.$state);
  const { busy, busyLabel, error, fields, result } = useStore(nameForm.$state);
  const language = useStore(languageForm.$state);
  nameForm.speak(formSpeech({ firstname: 'my48.details.firstName', lastname: 'my48.details.lastName' }));
  languageForm.speak(formSpeech({ language: 'my48.details.language' }));
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
      <p role="status">{say('my48.details.loading')}</p>
    );
  return (
    <>
      <form className="form card" noValidate onSubmit={nameForm.onSubmit} aria-labelledby="details-title">
        <h3 id="details-title" className="form__title">
          {say('my48.details.name')}
        </h3>
        <FormAlert>{error}</FormAlert>
        {result && <FormAlert tone="success">{result}</FormAlert>}
        <div className="form__row">
          <Field
            label={say('my48.details.firstName')}
            name="firstname"
            autoComplete="given-name"
            defaultValue={details.firstname}
            required
            error={fields['firstname']}
          />
          <Field
            label={say('my48.details.lastName')}
            name="lastname"
            autoComplete="family-name"
            defaultValue={details.lastname}
            required
            error={fields['lastname']}
          />
        </div>
        <p>{slotted(say('my48.details.email'), { email: <strong>{details.email}</strong> })}</p>
        <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
          {say('my48.details.saveName')}
        </SubmitButton>
      </form>
      <form className="form card" noValidate onSubmit={languageForm.onSubmit} aria-labelledby="language-title">
        <h3 id="language-title" className="form__title">
          {say('my48.details.language')}
        </h3>
        <FormAlert>{language.error}</FormAlert>
        {language.result && <FormAlert tone="success">{language.result}</FormAlert>}
        <fieldset className="fieldset">
          <legend>{say('my48.details.languageLegend')}</legend>
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
          {say('my48.details.saveLanguage')}
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
  if (state.data === undefined) return <p role="status">{say('my48.card.loading')}</p>;
  const card = state.data;
  return (
    <div className="card stack">
      <FormAlert>{error}</FormAlert>
      {notice && <FormAlert tone="success">{notice}</FormAlert>}
      {card ? (
        <>
          <p>
            {slotted(say('my48.card.stored', { expiry: card.expiry }), {
              card: <strong>{say('my48.card.name', { brand: card.brand, last4: card.last4 })}</strong>,
            })}
          </p>
          <form
            className="stack"
            noValidate
            onSubmit={(e) => e.preventDefault()}
            aria-label={say('my48.card.formLabel')}
          >
            <StepUpCode purpose="card" error={codeError} />
            <div className="actions">
              <button
                type="button"
                className="btn btn--outline"
                disabled={Boolean(busy)}
                onClick={(e) => void removeCard(codeOf(e.currentTarget))}
              >
                {busy === say('my48.card.removing') ? busy : say('my48.card.remove')}
              </button>
              <button
                type="button"
                className="btn btn--primary"
                disabled={Boolean(busy)}
                onClick={(e) => void registerCard(codeOf(e.currentTarget))}
              >
                {say('my48.card.another')}
              </button>
            </div>
          </form>
        </>
      ) : (
        <>
          <p>{say('my48.card.none', { amount: euro(SAVE_CARD_AMOUNT_CENTS) })}</p>
          <div className="actions">
            <button
              type="button"
              className="btn btn--primary"
              disabled={Boolean(busy)}
              onClick={() => void registerCard()}
            >
              {busy ?? say('my48.card.save')}
            </button>
          </div>
        </>
      )}
    </div>
  );
}

export function ChangePassword() {
  const { busy, busyLabel, error, fields, result } = useStore(passwordForm.$state);
  passwordForm.speak(
    formSpeech(
      { current_password: 'my48.password.current', new_password: 'my48.password.new' },
      { 'The two new passwords are not the same.': 'my48.password.differ' },
    ),
  );
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
        {say('my48.password.title')}
      </h3>
      <FormAlert>{error}</FormAlert>
      {result && <FormAlert tone="success">{result}</FormAlert>}
      <PasswordField kind="current" label={say('my48.password.current')} name="current_password" fields={fields} />
      <PasswordField
        kind="new"
        name="new_password"
        label={say('my48.password.new')}
        hint={sayCount('my48.password.hint', PASSWORD_MIN)}
        fields={fields}
      />
      <PasswordField kind="again" label={say('my48.password.again')} fields={fields} />
      <SubmitButton busy={busy} busyLabel={busyLabel ?? ''}>
        {say('my48.password.submit')}
      </SubmitButton>
    </form>
  );
}

/** Marketing permissions, as on the page after a first log-in. */
export function Permissions() {
  const words = permissionsWordsOf(
    Object.fromEntries(PERMISSIONS_KEYS.map((key) => [key, say(key)])) as Parameters<typeof permissionsWordsOf>[0],
  );
  return <MarketingPermissionsForm userId={currentUserId() ?? ''} saveLabel={say('my48.perm.save')} words={words} />;
}

export function AboutUs() {
  return (
    <div className="card prose">
      <p>{say('my48.about.text')}</p>
      <ul>
        <li>
          <a href="/about-us">{say('my48.about.about')}</a>
        </li>
        <li>
          <a href="/legal/terms-and-conditions">{say('my48.about.terms')}</a>
        </li>
        <li>
          <a href="/legal/privacy-policy">{say('my48.about.privacy')}</a>
        </li>
        <li>
          <a href="/help">{say('my48.about.help')}</a>
        </li>
      </ul>
    </div>
  );
}
