import { failures } from './failures.ts';
import { stepUpFailures } from './step-up.ts';

/** Passkeys' plain values and words (docs/product/phone.md), shared by the contract, the server and the browser (no zod here). */

/** A challenge is single-use and lives this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** A member keeps at most this many passkeys (a phone, a laptop, a key, and some to spare). */
export const MAX_PASSKEYS = 10;

/** The longest name a member gives a passkey. */
export const PASSKEY_NAME_MAX = 60;

export const passkeyFailures = failures('passkeys', {
  ...stepUpFailures,
  wrongPassword: { status: 400, message: 'That password isn’t right.' },
  needsProof: {
    status: 403,
    message: 'Enter your password, or the 6-digit code we send to your e-mail address, to add or remove a passkey.',
  },
  tooMany: { status: 409, message: `You have ${MAX_PASSKEYS} passkeys, the most an account keeps. Remove one first.` },
  challengeGone: {
    status: 422,
    message: 'That took too long or was already used. Start again.',
  },
  notVerified: { status: 400, message: 'Your device’s answer could not be checked. Try again.' },
  alreadyAdded: { status: 409, message: 'This passkey is added to an account already.' },
  noSuchPasskey: { status: 404, message: 'There is no such passkey on your account.' },
  signInRefused: {
    status: 401,
    message: 'That passkey could not sign you in. Try again, or log in with your e-mail address and password.',
  },
});

export const passkeyMessages = {
  added: 'Your passkey is added. Next time, sign in with it on the log-in page.',
  removed: 'The passkey is removed: it no longer signs in to your account.',
  cancelled: 'No passkey was used. Try again when you are ready.',
  unsupported: 'This browser cannot use passkeys. Log in with your e-mail address and password.',
} as const;
