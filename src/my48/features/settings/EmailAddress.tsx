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
import { slotted } from '../../../lib/slotted.tsx';
import { formSpeech, say } from '../../speech.ts';

/**
 * Settings → security → the e-mail address: asked for with the password and a code sent to the
 * current address, it changes only when the link or code sent to the new one is used (the link lands
 * here with its token).
 */
export function ChangeEmail() {
  const form = useStore(emailForm.$state);
  const confirm = useStore(confirmEmailForm.$state);
  emailForm.speak(
    formSpeech(
      { email: 'my48.sec.email.new', password: 'my48.stepUp.password', step_up_code: 'my48.stepUp.field' },
      {},
      'my48.sec.email.sending',
    ),
  );
  confirmEmailForm.speak(formSpeech({ code: 'my48.sec.email.code' }, {}, 'my48.sec.email.confirmingShort'));
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
        {say('my48.sec.email.title')}
      </h3>
      {link.busy && <p role="status">{say('my48.sec.email.confirming')}</p>}
      {link.notice && <FormAlert tone="success">{link.notice}</FormAlert>}
      {link.error && <FormAlert>{link.error}</FormAlert>}
      {state.data && <p>{slotted(say('my48.sec.email.current'), { email: <strong>{state.data.email}</strong> })}</p>}
      {pending && !confirm.result && (
        <form className="form" noValidate onSubmit={confirmEmailForm.onSubmit} aria-labelledby="confirm-email-title">
          <h4 id="confirm-email-title">{say('my48.sec.email.confirmTitle', { email: pending })}</h4>
          <p>{say('my48.sec.email.confirmText', { email: pending })}</p>
          <FormAlert>{confirm.error}</FormAlert>
          <SentCodeField label={say('my48.sec.email.code')} length={7} fields={confirm.fields} />
          <SubmitButton busy={confirm.busy} busyLabel={confirm.busyLabel ?? ''}>
            {say('my48.sec.email.confirm')}
          </SubmitButton>
        </form>
      )}
      {confirm.result && <FormAlert tone="success">{confirm.result}</FormAlert>}
      <form className="form" noValidate onSubmit={emailForm.onSubmit} aria-labelledby="change-email-title">
        <h4 id="change-email-title">{say('my48.sec.email.changeTitle')}</h4>
        <FormAlert>{form.error}</FormAlert>
        {form.result && <FormAlert tone="success">{form.result}</FormAlert>}
        <EmailField label={say('my48.sec.email.new')} fields={form.fields} />
        <PasswordField kind="current" label={say('my48.stepUp.password')} fields={form.fields} />
        <StepUpCode purpose="email" error={form.fields['step_up_code']} />
        <SubmitButton busy={form.busy} busyLabel={form.busyLabel ?? ''}>
          {say('my48.sec.email.change')}
        </SubmitButton>
      </form>
    </section>
  );
}
