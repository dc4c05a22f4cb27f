import { useStore } from '@nanostores/react';
import Cookies from 'js-cookie';
import { useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, PasswordField, SentCodeField } from '../../components/forms/KindFields.tsx';
import { usePageGuard } from '../../components/member/use-page-guard.ts';
import { formValues } from '../../lib/form-values-light.ts';
import { signUpGuard } from '../../lib/guards.ts';
import { $signUp, createAccount, rememberJourney, resend, startVerification, verify } from './sign-up-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { slotted } from '../../lib/slotted.tsx';
import { $signUpSpeech, type SignUpSpeech } from './sign-up-words.ts';

/**
 * Sign-up: create the account, then verify the e-mail with the code (or the link from the
 * mail). The page's guard has already sent away members who have nothing to do here. In the
 * page's language: the words the page formatted at build.
 */
export default function SignUp(speech: SignUpSpeech) {
  const { words, links } = speech;
  // The actions, loaded on the first submit, speak with the same words.
  if ($signUpSpeech.get() !== speech) $signUpSpeech.set(speech);
  // The build's HTML is the new visitor's form; a member still verifying gets the code form before
  // paint (the page's CSS hides the build's form from them until then: data-guard, data-wait).
  const allowed = usePageGuard(signUpGuard);
  const state = useStore($signUp);
  const [changing, setChanging] = useState(false);
  const verifyHeading = useRef<HTMLHeadingElement>(null);
  // Moving on to verification is a new screen: focus its heading, once.
  useEffect(() => {
    if (state.step === 'verify') verifyHeading.current?.focus();
  }, [state.step]);

  useLayoutEffect(() => {
    if (!allowed) return;
    rememberJourney(location.search);
    const token = new URLSearchParams(location.search).get('verify');
    const signedIn = Boolean(Cookies.get('authCode'));
    if (token && !signedIn) {
      // The link needs the session of the member it was sent to.
      // Rare (a link opened signed out): its code loads only then, not with every sign-up page.
      const back = location.pathname + location.search;
      void import('./verify-signed-out.ts')
        .then((m) => m.comeBackTo(back))
        .finally(() => location.replace(links.logIn));
      return;
    }
    if (signedIn) {
      void startVerification().then(() => (token ? verify(token, { byCode: false }) : undefined));
    }
  }, [allowed, links.logIn]);

  if (state.step === 'leaving') return <p role="status">{words['signup.leaving']}</p>;

  if (state.step === 'verify') {
    const onCode = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void verify(formValues(event.currentTarget)['code'] ?? '', { byCode: true });
    };
    const onChange = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      void resend(formValues(event.currentTarget)['newEmail'] ?? '').then(() => setChanging(false));
    };
    return (
      <div className="stack">
        <form className="form card" method="post" noValidate onSubmit={onCode} aria-labelledby="verify-title">
          <h2 id="verify-title" className="form__title" tabIndex={-1} ref={verifyHeading}>
            {words['signup.verifyTitle']}
          </h2>
          <p>
            {slotted(words['signup.verifyLead'], {
              email: <strong>{state.email ?? words['signup.yourEmail']}</strong>,
            })}
          </p>
          <FormAlert tone="success">{state.notice}</FormAlert>
          <FormAlert>{state.error}</FormAlert>
          <SentCodeField label={words['signup.code']} length={7} fields={state.fields} />
          <SubmitButton busy={state.busy} busyLabel={state.busyLabel}>
            {words['signup.verify']}
          </SubmitButton>
          <p className="form__links">
            <button type="button" className="btn btn--link" onClick={() => void resend()} disabled={state.busy}>
              {words['signup.resend']}
            </button>
            <button
              type="button"
              className="btn btn--link"
              onClick={() => setChanging(!changing)}
              aria-expanded={changing}
              aria-controls="change-email"
            >
              {words['signup.otherEmail']}
            </button>
          </p>
        </form>
        {changing && (
          <form
            method="post"
            id="change-email"
            className="form card"
            noValidate
            onSubmit={onChange}
            aria-labelledby="change-email-title"
          >
            <h2 id="change-email-title" className="form__title">
              {words['signup.changeTitle']}
            </h2>
            <EmailField label={words['signup.newEmail']} name="newEmail" fields={state.fields} />
            <SubmitButton busy={state.busy} busyLabel={words['signup.sending']}>
              {words['signup.sendThere']}
            </SubmitButton>
          </form>
        )}
      </div>
    );
  }

  const onCreate = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = formValues(event.currentTarget);
    void createAccount(values, values['terms'] === 'on');
  };
  return (
    <FormCard id="sign-up-title" title={words['signup.title']} onSubmit={onCreate}>
      <FormAlert>{state.error}</FormAlert>
      <div className="form__row">
        <Field
          label={words['signup.firstname']}
          name="firstname"
          autoComplete="given-name"
          required
          error={state.fields['firstname']}
        />
        <Field
          label={words['signup.lastname']}
          name="lastname"
          autoComplete="family-name"
          required
          error={state.fields['lastname']}
        />
      </div>
      <EmailField label={words['form.email']} fields={state.fields} />
      <PasswordField
        kind="new"
        label={words['form.password']}
        hint={words['form.passwordHint']}
        fields={state.fields}
      />
      <div className="field field--check">
        <input
          id="terms"
          name="terms"
          type="checkbox"
          aria-invalid={state.fields['terms'] ? true : undefined}
          aria-describedby={state.fields['terms'] ? 'terms-error' : undefined}
        />
        <label htmlFor="terms">
          {slotted(words['signup.terms'], {
            terms: <a href={links.terms}>{words['signup.termsLink']}</a>,
            privacy: <a href={links.privacy}>{words['signup.privacyLink']}</a>,
          })}
        </label>
        {state.fields['terms'] && (
          <p id="terms-error" className="field__error">
            {state.fields['terms']}
          </p>
        )}
      </div>
      <SubmitButton busy={state.busy} busyLabel={state.busyLabel}>
        {words['signup.submit']}
      </SubmitButton>
      <p className="form__note">{words['signup.note']}</p>
    </FormCard>
  );
}
