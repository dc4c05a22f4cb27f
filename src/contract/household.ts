/** Household lines' plain values (docs/product/lifelines.md), shared by the contract, the server and the browser (no zod here). */

/** An owner holds up to this many other members' SIMs. */
export const HOUSEHOLD_MAX_LINES = 4;

/** An invitation's mailed code lives this long and allows this many tries. */
export const INVITATION_MINUTES = 10;
export const INVITATION_TRIES = 5;

/** Invitations each mail a member: at most this many an hour from one member, and to one number from anyone. */
export const INVITES_PER_MEMBER_PER_HOUR = 10;
export const INVITES_PER_NUMBER_PER_HOUR = 3;
