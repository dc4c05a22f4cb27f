import { useStore } from '@nanostores/react';
import type { SubmitEvent } from 'react';
import { FormAlert, SubmitButton } from '../../components/forms/Field.tsx';
import { EmailField, PasswordField } from '../../components/forms/KindFields.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { formValues } from '../../lib/form-values-light.ts';
import { $forgotPassword, requestReset, setNewPassword } from './forgot-password-store.ts';
import { FormCard } from '../../components/forms/FormCard.tsx';
import { $forgotPasswordSpeech, type ForgotPasswordSpeech } from './forgot-password-words.ts';

/** Forgot password: ask for a link; with the link's token, set a new password. In the page's language. */
export default function ForgotPassword(speech: ForgotPasswordSpeech) {
  const { words, links } = speech;
  // The actions, loaded on the first submit, speak with the same words.
  if ($forgotPasswordSpeech.get() !== speech) $forgotPasswordSpeech.set(speech);
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
          <a className="btn btn--primary" href={links.logIn}>
            {words['login.submit']}
          </a>
        ) : (
          <p>{words['forgot.inbox']}</p>
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
      <FormCard id="new-password-title" title={words['forgot.newTitle']} onSubmit={onSubmit}>
        <FormAlert>{state.error}</FormAlert>
        <PasswordField
          kind="new"
          label={words['form.newPassword']}
          hint={words['form.passwordHint']}
          fields={state.fields}
        />
        <PasswordField kind="again" label={words['form.newPasswordAgain']} fields={state.fields} />
        <SubmitButton busy={busy} busyLabel={words['form.saving']}>
          {words['forgot.set']}
        </SubmitButton>
      </FormCard>
    );
  }

  const onSubmit = (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    void requestReset(formValues(event.currentTarget)['email'] ?? '');
  };
  return (
    <FormCard id="reset-title" title={words['forgot.requestTitle']} onSubmit={onSubmit}>
      <FormAlert>{state.error}</FormAlert>
      <EmailField label={words['form.email']} fields={state.fields} />
      <SubmitButton busy={busy} busyLabel={words['forgot.sending']}>
        {words['forgot.send']}
      </SubmitButton>
    </FormCard>
  );
}
