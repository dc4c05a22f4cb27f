import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, PasswordField } from '../../components/forms/KindFields.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formValues } from '../../lib/form-values-light.ts';
import { $forgotPassword, requestReset, setNewPassword } from './forgot-password-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';

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
      <FormCard id="new-password-title" title="Choose a new password" onSubmit={onSubmit}>
        <FormAlert>{state.error}</FormAlert>
        <PasswordField kind="new" fields={state.fields} />
        <PasswordField kind="again" fields={state.fields} />
        <SubmitButton busy={busy} busyLabel="Saving…">
          Set new password
        </SubmitButton>
      </FormCard>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestReset(formValues(event.currentTarget)['email'] ?? '');
  };
  return (
    <FormCard id="reset-title" title="Send me a reset link" onSubmit={onSubmit}>
      <FormAlert>{state.error}</FormAlert>
      <EmailField fields={state.fields} />
      <SubmitButton busy={busy} busyLabel="Sending…">
        Send reset link
      </SubmitButton>
    </FormCard>
  );
}
