import { atom } from 'nanostores';

/* The free-SIM order's state. Its own module: the actions, loaded later by the store, import this and not the store (no import cycle). */

/** Set when a referred member's order could not be recorded with the referral service: the service's message. */
export const $referralNote = atom<string | undefined>(undefined);
