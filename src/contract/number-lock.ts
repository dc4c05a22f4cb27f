/** The number lock (docs/product/member-controls.md): plain values (no zod here). */

/** How long a change of SIM waits, once confirmed, while the number lock is on. */
export const LOCKED_CHANGE_HOURS = 24;

/** How long the number lock still holds once it is asked off: whoever reads the member's mail cannot lift it at once. */
export const LOCK_OFF_HOURS = 24;

/** Where a change asked for under the lock stands: waiting for the mailed code, waiting out the hours, done, cancelled. */
export const LOCKED_CHANGE_STATES = ['confirm', 'waiting', 'done', 'cancelled'] as const;
export type LockedChangeState = (typeof LOCKED_CHANGE_STATES)[number];
export const LOCKED_CHANGE_KINDS = ['physical', 'esim'] as const;
