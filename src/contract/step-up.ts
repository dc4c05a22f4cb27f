import { z } from 'zod';
import { endpoint, failures } from './endpoint.ts';
import { payload, UserParams } from './schemas.ts';

/**
 * Step-up codes (member-controls.md): a sensitive change needs, besides the password where the
 * screen asks for it, a 6-digit code sent to the account's e-mail address. The code travels in
 * the X-Step-Up-Code header of the change it allows.
 */
export const STEP_UP_MINUTES = 10;
export const STEP_UP_TRIES = 5;
export const STEP_UP_HEADER = 'x-step-up-code';
export const STEP_UP_PURPOSES = ['email', 'card', 'sim', 'unblock', 'delete', 'passkey'] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

/** What each code is for, as the e-mail and the screens say it. */
export const STEP_UP_WHAT: Record<StepUpPurpose, string> = {
  email: 'change your e-mail address',
  card: 'remove or replace your stored card',
  sim: 'change your SIM (or change to an eSIM)',
  unblock: 'unblock your SIM',
  delete: 'delete your account',
  passkey: 'add or remove a passkey',
};

export const StepUpRequest = z.object({
  purpose: z.enum(STEP_UP_PURPOSES, { error: `purpose must be one of ${STEP_UP_PURPOSES.join(', ')}` }),
});

export const stepUpApi = {
  requestCode: endpoint({
    id: 'requestStepUpCode',
    moves: 'none',
    method: 'post',
    path: '/panda/protected/users/{user_id}/step-up',
    access: 'member',
    tag: 'Security',
    summary: `Sends a 6-digit code to the account's e-mail address for one sensitive change (valid ${STEP_UP_MINUTES} minutes, ${STEP_UP_TRIES} tries, one use; a new code ends the old one)`,
    params: UserParams,
    body: StepUpRequest,
    status: 201,
    answer: payload(
      z.object({ sent_to: z.string(), expires_in_minutes: z.number().int(), purpose: z.enum(STEP_UP_PURPOSES) }),
    ),
    description: 'Code sent',
  }),
};

/** The refusals of any change that needs a code: 403, with what to do. */
export const stepUpFailures = failures('stepUp', {
  stepUpMissing: {
    status: 403,
    message: 'This change needs the 6-digit code we send to your e-mail address. Ask for a code and enter it.',
  },
  stepUpWrong: { status: 403, message: "That code isn't right. Check the e-mail and try again." },
  stepUpExpired: { status: 403, message: 'That code has expired or was used. Ask for a new one.' },
  stepUpTooManyTries: { status: 403, message: 'Too many wrong codes. Ask for a new one.' },
});
export type StepUpFailure = keyof typeof stepUpFailures;

/** A masked address for "we sent a code to j•••@example.com". */
export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  return `${name.slice(0, 1)}•••@${domain}`;
}
