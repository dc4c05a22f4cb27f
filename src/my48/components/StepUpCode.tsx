import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { ActionButton } from '../../components/forms/ActionButton.tsx';
import { SentCodeField } from '../../components/forms/KindFields.tsx';
import { STEP_UP_MINUTES, type StepUpPurpose } from '../../contract/step-up.ts';
import { say, sayCount } from '../speech.ts';
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
      <legend>{say('my48.stepUp.legend')}</legend>
      <p className="field__hint">
        {sayCount('my48.stepUp.hint', STEP_UP_MINUTES, { what: say(`stepUp.what.${purpose}`) })}
      </p>
      <div className="actions">
        <ActionButton busy={state.sending} onClick={() => void sendStepUpCode(purpose)}>
          {state.sending && mine
            ? say('my48.stepUp.sending')
            : mine && state.sentTo
              ? say('my48.stepUp.again')
              : say('my48.stepUp.send')}
        </ActionButton>
      </div>
      <p role="status" className="step-up__status">
        {mine && state.sentTo ? say('my48.stepUp.sent', { email: state.sentTo }) : ''}
      </p>
      {mine && state.error && (
        <p className="alert alert--error" role="alert">
          {state.error}
        </p>
      )}
      <SentCodeField
        label={say('my48.stepUp.field')}
        name="step_up_code"
        length={7}
        required={false}
        fields={{ step_up_code: error }}
      />
    </fieldset>
  );
}
