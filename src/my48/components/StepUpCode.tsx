import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ActionButton } from '../../components/forms/ActionButton.tsx';
import { SentCodeField } from '../../components/forms/KindFields.tsx';
import { STEP_UP_MINUTES, STEP_UP_WHAT, type StepUpPurpose } from '../../contract/step-up.ts';
import { $stepUp, resetStepUp, sendStepUpCode } from '../stores/step-up.ts';
import './step-up-code.css';

/**
 * The security-code part of a sensitive change: a button that e-mails a code and the field it
 * goes into (name step_up_code, read by the form that holds it).
 */
export function StepUpCode({ purpose, error }: { purpose: StepUpPurpose; error?: string | undefined }) {
  const state = useStore($stepUp);
  useEffect(() => resetStepUp, []);
  const mine = state.purpose === purpose;
  return (
    <fieldset className="fieldset step-up">
      <legend>Security code</legend>
      <p className="field__hint">{`To ${STEP_UP_WHAT[purpose]} we e-mail you a 6-digit code. It works once, for ${STEP_UP_MINUTES} minutes.`}</p>
      <div className="actions">
        <ActionButton busy={state.sending} onClick={() => void sendStepUpCode(purpose)}>
          {state.sending && mine ? 'Sending…' : mine && state.sentTo ? 'Send a new code' : 'E-mail me a code'}
        </ActionButton>
      </div>
      <p role="status" className="step-up__status">
        {mine && state.sentTo ? `We sent a code to ${state.sentTo}.` : ''}
      </p>
      {mine && state.error && (
        <p className="alert alert--error" role="alert">
          {state.error}
        </p>
      )}
      <SentCodeField
        label="Code from the e-mail"
        name="step_up_code"
        length={7}
        required={false}
        fields={{ step_up_code: error }}
      />
    </fieldset>
  );
}
