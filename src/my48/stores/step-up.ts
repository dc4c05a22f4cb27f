import { map } from 'nanostores';
import { z } from '../../contract/zod.ts';
import { stepUpApi, type StepUpPurpose } from '../../contract/step-up.schema.ts';
import { call, errorMessage } from '../../lib/http.ts';
import { say } from '../speech.ts';
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
      error: errorMessage(error, say('my48.stepUp.failed')),
    });
  }
}

export const resetStepUp = () => $stepUp.set({ sending: false });

/** The rule of the code field, checked before the call (the server checks the code itself), in the page's words. */
export const stepUpProblem = () => say('my48.stepUp.problem');
export const stepUpCodeOf = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');
export const isStepUpCode = (value: string | undefined) => /^\d{6}$/.test(stepUpCodeOf(value));
/** The code field of a form that needs one (step_up_code), as its zod rule. */
export const StepUpCodeField = z
  .string()
  .transform(stepUpCodeOf)
  .pipe(z.string().regex(/^\d{6}$/, { error: stepUpProblem }));
