import { map } from 'nanostores';
import { z } from '../../contract/zod.ts';
import { stepUpApi, type StepUpPurpose } from '../../contract/step-up.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { memberParams } from '../../lib/member-session.ts';

/**
 * Step-up codes on the screens that need one (docs/product/member-controls.md): the member asks for a code,
 * reads it in their e-mail and types it beside the change; the server checks it.
 */
export const $stepUp = map<{ purpose?: StepUpPurpose; sending: boolean; sentTo?: string; error?: string }>({
  sending: false,
});

export async function sendStepUpCode(purpose: StepUpPurpose): Promise<void> {
  $stepUp.set({ purpose, sending: true });
  try {
    const { _payload } = await call(stepUpApi.requestCode, { params: memberParams(), body: { purpose } });
    $stepUp.set({ purpose, sending: false, sentTo: _payload.sent_to });
  } catch (error) {
    $stepUp.set({
      purpose,
      sending: false,
      error: errorMessage(error, 'The code could not be sent. Please try again.'),
    });
  }
}

export const resetStepUp = () => $stepUp.set({ sending: false });

/** The rule of the code field, checked before the call (the server checks the code itself). */
export const STEP_UP_FIELD_ERROR = 'Enter the 6-digit security code from the e-mail.';
export const stepUpCodeOf = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');
export const isStepUpCode = (value: string | undefined) => /^\d{6}$/.test(stepUpCodeOf(value));
/** The code field of a form that needs one (step_up_code), as its zod rule. */
export const StepUpCodeField = z
  .string()
  .transform(stepUpCodeOf)
  .pipe(z.string().regex(/^\d{6}$/, { error: STEP_UP_FIELD_ERROR }));
