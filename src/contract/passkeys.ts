/** Passkeys' plain values (docs/product/phone.md), shared by the contract, the server and the browser (no zod here). */

/** A challenge is single-use and lives this long. */
export const PASSKEY_CHALLENGE_MINUTES = 5;

/** A member keeps at most this many passkeys (a phone, a laptop, a key, and some to spare). */
export const MAX_PASSKEYS = 10;

/** The longest name a member gives a passkey. */
export const PASSKEY_NAME_MAX = 60;
