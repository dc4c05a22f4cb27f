import { useStore } from '@nanostores/react';
import { useEffect, useRef, type SubmitEvent } from 'react';
import { logInGuard } from '../../lib/guards.ts';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, PasswordField } from '../../components/forms/KindFields.tsx';
import { usePageGuard } from '../../components/member/use-page-guard.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formValues } from '../../lib/form-values-light.ts';
import {
  $logIn,
  finishFirstLogin,
  offerPasskeys,
  prepareLogIn,
  signInWithPasskey,
  submitLogIn,
} from './log-in-store.ts';
import { LoginCarousel } from './LoginCarousel.tsx';
import { FormCard } from '../../components/forms/FormCard.tsx';

/** The log-in form (spec section 2 "Login"); the store does the work, this only shows it. */
export default function LogIn() {
  // Spec section 2: the log-in page is only for visitors; a signed-in member goes home (the
  // page's CSS hides the form from them until then: data-guard="visitor").
  usePageGuard(logInGuard);
  const state = useStore($logIn);
  // A passkey needs the island's code: the build's button waits, disabled, until it is there, so
  // a press before then is not lost without a word (a password submit is held instead).
  const hydrated = useHydrated();
  const alert = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (state.error) alert.current?.focus();
  }, [state.error]);

  if (state.step === 'carousel') return <LoginCarousel slides={state.slides} onDone={() => void finishFirstLogin()} />;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitLogIn(formValues(event.currentTarget));
  };
  const busy = state.step !== 'form';
  return (
    <FormCard id="log-in-form-title" title="Log in" onSubmit={onSubmit}>
      <div ref={alert} tabIndex={-1}>
        <FormAlert>{state.error}</FormAlert>
      </div>
      <EmailField
        name="username"
        autoComplete="username webauthn"
        fields={state.fields}
        onFocus={() => {
          prepareLogIn();
          offerPasskeys();
        }}
      />
      <PasswordField kind="current" fields={state.fields} onFocus={prepareLogIn} />
      <SubmitButton busy={busy} busyLabel="Logging in…">
        Log in
      </SubmitButton>
      <button
        type="button"
        className="btn btn--outline btn--block"
        disabled={busy || !hydrated}
        onClick={() => void signInWithPasskey()}
      >
        Sign in with a passkey
      </button>
      <p className="form__links">
        <a href="/forgot-password">Forgot your password?</a>
        <a href="/sign-up">New to 48? Sign up</a>
      </p>
    </FormCard>
  );
}
