import { failures } from './failures.ts';
// Zod-free, so that a screen reads these without loading the schemas (step-up.schema.ts).
/**
 * Step-up codes (docs/product/member-controls.md): a sensitive change needs, besides the password where the
 * screen asks for it, a 6-digit code sent to the account's e-mail address. The code travels in
 * the X-Step-Up-Code header of the change it allows.
 */
export const STEP_UP_MINUTES = 10;
export const STEP_UP_TRIES = 5;
export const STEP_UP_HEADER = 'x-step-up-code';
export const STEP_UP_PURPOSES = [
  'email',
  'card',
  'sim',
  'unblock',
  'delete',
  'passkey',
  'numberLock',
  'lockedChange',
] as const;
export type StepUpPurpose = (typeof STEP_UP_PURPOSES)[number];

/** What each code is for, as the e-mail and the screens say it. */
export const STEP_UP_WHAT: Record<StepUpPurpose, string> = {
  email: 'change your e-mail address',
  card: 'remove or replace your stored card',
  sim: 'change your SIM (or change to an eSIM)',
  unblock: 'unblock your SIM',
  delete: 'delete your account',
  passkey: 'add or remove a passkey',
  numberLock: 'switch your number lock on or off',
  lockedChange: 'confirm the change of SIM you asked for (it happens 24 hours later)',
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
