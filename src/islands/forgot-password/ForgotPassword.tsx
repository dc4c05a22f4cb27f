import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { EmailField, FormAlert, PasswordField, SubmitButton } from '../../components/forms/Field.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formValues } from '../../lib/form-values-light.ts';
import { $forgotPassword, requestReset, setNewPassword } from './forgot-password-store.ts';

/** Forgot password: ask for a link; with the link's token, set a new password. */
export default function ForgotPassword() {
  const state = useStore($forgotPassword);
  // A reset link's token is read once hydrated; the page's CSS hides the build's request form from
  // a visitor who came by a link until then (data-wait="token").
  const token = useHydrated() ? new URLSearchParams(location.search).get('token') : null;
  const busy = state.status === 'busy';

  if (state.status === 'sent' || state.status === 'done') {
    return (
      <div className="card form">
        <FormAlert tone="success">{state.message}</FormAlert>
        {state.status === 'done' ? (
          <a className="btn btn--primary" href="/log-in">
            Log in
          </a>
        ) : (
          <p>Check your inbox (and spam folder). The link works once, for one hour.</p>
        )}
      </div>
    );
  }

  if (token) {
    const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
      event.preventDefault();
      const v = formValues(event.currentTarget);
      void setNewPassword(token, v['password'] ?? '', v['confirm'] ?? '');
    };
    return (
      <form className="form card" method="post" noValidate onSubmit={onSubmit} aria-labelledby="new-password-title">
        <h2 id="new-password-title" className="form__title">
          Choose a new password
        </h2>
        <FormAlert>{state.error}</FormAlert>
        <PasswordField kind="new" fields={state.fields} />
        <PasswordField kind="again" fields={state.fields} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Set new password
        </SubmitButton>
      </form>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestReset(formValues(event.currentTarget)['email'] ?? '');
  };
  return (
    <form className="form card" method="post" noValidate onSubmit={onSubmit} aria-labelledby="reset-title">
      <h2 id="reset-title" className="form__title">
        Send me a reset link
      </h2>
      <FormAlert>{state.error}</FormAlert>
      <EmailField fields={state.fields} />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
    </form>
  );
}
