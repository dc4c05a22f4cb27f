import { useStore } from '@nanostores/react';
import Cookies from 'js-cookie';
import { useEffect, useLayoutEffect, useRef, useState, type SubmitEvent } from 'react';
import { Field, FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, PasswordField, SentCodeField } from '../../components/forms/KindFields.tsx';
import { usePageGuard } from '../../components/member/use-page-guard.ts';
import { formValues } from '../../lib/form-values-light.ts';
import { signUpGuard } from '../../lib/guards.ts';
import { rememberLastUrl } from '../../lib/last-url.ts';
import { $signUp, createAccount, rememberJourney, resend, startVerification, verify } from './sign-up-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';

/**
 * Sign-up: create the account, then verify the e-mail with the code (or the link from the
 * mail). The page's guard has already sent away members who have nothing to do here.
 */
export default function SignUp() {
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
      rememberLastUrl(location.pathname + location.search);
      location.replace('/log-in');
      return;
    }
    if (signedIn) {
      void startVerification().then(() => (token ? verify(token, { byCode: false }) : undefined));
    }
  }, [allowed]);

  if (state.step === 'leaving') return <p role="status">Taking you on…</p>;

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
            Verify your e-mail address
          </h2>
          <p>
            We sent a 6-digit code and a link to <strong>{state.email ?? 'your e-mail address'}</strong>. Enter the
            code, or open the link in the e-mail.
          </p>
          <FormAlert tone="success">{state.notice}</FormAlert>
          <FormAlert>{state.error}</FormAlert>
          <SentCodeField label="Verification code" length={7} fields={state.fields} />
          <SubmitButton busy={state.busy} busyLabel={state.busyLabel}>
            Verify
          </SubmitButton>
          <p className="form__links">
            <button type="button" className="btn btn--link" onClick={() => void resend()} disabled={state.busy}>
              Send a new code
            </button>
            <button
              type="button"
              className="btn btn--link"
              onClick={() => setChanging(!changing)}
              aria-expanded={changing}
              aria-controls="change-email"
            >
              Use another e-mail address
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
              Change your e-mail address
            </h2>
            <EmailField label="New e-mail address" name="newEmail" fields={state.fields} />
            <SubmitButton busy={state.busy} busyLabel="Sending…">
              Send the code there
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
    <FormCard id="sign-up-title" title="Create your account" onSubmit={onCreate}>
      <FormAlert>{state.error}</FormAlert>
      <div className="form__row">
        <Field
          label="First name"
          name="firstname"
          autoComplete="given-name"
          required
          error={state.fields['firstname']}
        />
        <Field label="Last name" name="lastname" autoComplete="family-name" required error={state.fields['lastname']} />
      </div>
      <EmailField fields={state.fields} />
      <PasswordField kind="new" label="Password" fields={state.fields} />
      <div className="field field--check">
        <input
          id="terms"
          name="terms"
          type="checkbox"
          aria-invalid={state.fields['terms'] ? true : undefined}
          aria-describedby={state.fields['terms'] ? 'terms-error' : undefined}
        />
        <label htmlFor="terms">
          I accept the <a href="/legal/terms-and-conditions">terms and conditions</a> and have read the{' '}
          <a href="/legal/privacy-policy">privacy policy</a>.
        </label>
        {state.fields['terms'] && (
          <p id="terms-error" className="field__error">
            {state.fields['terms']}
          </p>
        )}
      </div>
      <SubmitButton busy={state.busy} busyLabel={state.busyLabel}>
        Create account
      </SubmitButton>
      <p className="form__note">
        We check that you are a person with a short calculation in your browser; there is no puzzle to solve.
      </p>
    </FormCard>
  );
}
