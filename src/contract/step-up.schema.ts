import { z } from './zod.ts';
import { endpointsOf, payload } from './shared.schema.ts';
import {
  STEP_UP_MINUTES,
  STEP_UP_TRIES,
  STEP_UP_HEADER,
  STEP_UP_PURPOSES,
  STEP_UP_WHAT,
  stepUpFailures,
  type StepUpPurpose,
} from './step-up.ts';

export {
  STEP_UP_MINUTES,
  STEP_UP_TRIES,
  STEP_UP_HEADER,
  STEP_UP_PURPOSES,
  STEP_UP_WHAT,
  stepUpFailures,
  type StepUpPurpose,
};

export const StepUpRequest = z.object({
  purpose: z.enum(STEP_UP_PURPOSES, { error: `purpose must be one of ${STEP_UP_PURPOSES.join(', ')}` }),
});

const endpoint = endpointsOf({ tag: 'Security', access: 'member' });

export const stepUpApi = {
  requestCode: endpoint({
    id: 'requestStepUpCode',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/step-up',
    summary: `Sends a 6-digit code to the account's e-mail address for one sensitive change (valid ${STEP_UP_MINUTES} minutes, ${STEP_UP_TRIES} tries, one use; a new code ends the old one)`,
    body: StepUpRequest,
    status: 201,
    answer: payload(
      z.object({ sent_to: z.string(), expires_in_minutes: z.number().int(), purpose: z.enum(STEP_UP_PURPOSES) }),
    ),
    description: 'Code sent',
  }),
};

export type StepUpFailure = keyof typeof stepUpFailures;

/** A masked address for "we sent a code to j•••@example.com". */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}
