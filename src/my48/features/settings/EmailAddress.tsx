import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { FormAlert, SubmitButton } from '../../../components/forms/Field.tsx';
import { EmailField, PasswordField, SentCodeField } from '../../../components/forms/KindFields.tsx';
import { StepUpCode } from '../../components/StepUpCode.tsx';
import {
  $confirmLink,
  confirmEmailForm,
  emailChange,
  emailForm,
  openEmailSection,
  resetConfirmLink,
} from './controls-store.ts';

/**
 * Settings → security → the e-mail address: asked for with the password and a code sent to the
 * current address, it changes only when the link or code sent to the new one is used (the link lands
 * here with its token).
 */
export function ChangeEmail() {
  const form = useStore(emailForm.$state);
  const confirm = useStore(confirmEmailForm.$state);
  const link = useStore($confirmLink);
  const state = useStore(emailChange.$state);
  useEffect(() => {
    void openEmailSection();
    return () => {
      emailForm.reset();
      confirmEmailForm.reset();
      resetConfirmLink();
    };
  }, []);
  const pending = state.data?.pending_email;
  return (
    <section className="card stack" aria-labelledby="email-title">
      <h3 id="email-title" className="form__title">
        Your e-mail address
      </h3>
      {link.busy && <p role="status">Confirming your new e-mail address…</p>}
      {link.notice && <FormAlert tone="success">{link.notice}</FormAlert>}
      {link.error && <FormAlert>{link.error}</FormAlert>}
      {state.data && (
        <p>
          You log in with <strong>{state.data.email}</strong>.
        </p>
      )}
      {pending && !confirm.result && (
        <form className="form" noValidate onSubmit={confirmEmailForm.onSubmit} aria-labelledby="confirm-email-title">
          <h4 id="confirm-email-title">Confirm {pending}</h4>
          <p>
            We have sent a link and a code to {pending}. Open the link, or type the code here: your address changes
            then, and not before.
          </p>
          <FormAlert>{confirm.error}</FormAlert>
          <SentCodeField label="Code sent to the new address" length={7} fields={confirm.fields} />
          <SubmitButton busy={confirm.busy} busyLabel={confirm.busyLabel ?? ''}>
            Confirm my new address
          </SubmitButton>
        </form>
      )}
      {confirm.result && <FormAlert tone="success">{confirm.result}</FormAlert>}
      <form className="form" noValidate onSubmit={emailForm.onSubmit} aria-labelledby="change-email-title">
        <h4 id="change-email-title">Change your e-mail address</h4>
        <FormAlert>{form.error}</FormAlert>
        {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
        <EmailField label="New e-mail address" fields={form.fields} />
        <PasswordField kind="current" fields={form.fields} />
        <StepUpCode purpose="email" error={form.fields['step_up_code']} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          Change my e-mail address
        </SubmitButton>
      </form>
    </section>
  );
}
