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
import { $logInSpeech, type LogInSpeech } from './log-in-words.ts';

/**
 * The log-in form (spec section 2 "Login"); the store does the work, this only shows it, in the
 * page's language (the words the page formatted at build).
 */
export default function LogIn(speech: LogInSpeech) {
  const { words, links } = speech;
  // The actions, loaded on the first submit, speak with the same words.
  if ($logInSpeech.get() !== speech) $logInSpeech.set(speech);
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

  if (state.step === 'carousel')
    return <LoginCarousel slides={state.slides} words={words} onDone={() => void finishFirstLogin()} />;

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void submitLogIn(formValues(event.currentTarget));
  };
  const busy = state.step !== 'form';
  return (
    <FormCard id="log-in-form-title" title={words['login.title']} onSubmit={onSubmit}>
      <div ref={alert} tabIndex={-1}>
        <FormAlert>{state.error}</FormAlert>
      </div>
      <EmailField
        name="username"
        label={words['form.email']}
        autoComplete="username webauthn"
        fields={state.fields}
        onFocus={() => {
          prepareLogIn();
          offerPasskeys();
        }}
      />
      <PasswordField kind="current" label={words['form.password']} fields={state.fields} onFocus={prepareLogIn} />
      <SubmitButton busy={busy} busyLabel={words['login.busy']}>
        {words['login.submit']}
      </SubmitButton>
      <button
        type="button"
        className="btn btn--outline btn--block"
        disabled={busy || !hydrated}
        onClick={() => void signInWithPasskey()}
      >
        {words['login.passkey']}
      </button>
      <p className="form__links">
        <a href={links.forgot}>{words['login.forgot']}</a>
        <a href={links.signUp}>{words['login.signUp']}</a>
      </p>
    </FormCard>
  );
}
