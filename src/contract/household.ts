/** Household lines' plain values (docs/product/lifelines.md), shared by the contract, the server and the browser (no zod here). */

/** An owner holds up to this many other members' SIMs. */
export const HOUSEHOLD_MAX_LINES = 4;

/** An invitation's mailed code lives this long and allows this many tries. */
export const INVITATION_MINUTES = 10;
export const INVITATION_TRIES = 5;

/** Invitations each mail a member: at most this many an hour from one member, and to one number from anyone. */
export const INVITES_PER_MEMBER_PER_HOUR = 10;
export const INVITES_PER_NUMBER_PER_HOUR = 3;

/** What an owner or manager switches for a line at the network (docs/product/lifelines.md "Controls"); the line's own member switches the filters too. */
export const LINE_FILTERS = ['contentFilter', 'premiumRate', 'thirdPartyBilling'] as const;
export type LineFilter = (typeof LINE_FILTERS)[number];
/** A pause stops data only, or all service (calls to 112 and 999 always stay). */
export const PAUSE_KINDS = ['data', 'all'] as const;
export type PauseKind = (typeof PAUSE_KINDS)[number];
/** A pause lasts at most this long (three months), then the line resumes by itself. */
export const PAUSE_MAX_DAYS = 92;
/** A line's role in its household: a manager does what the owner does for the lines but appoint managers or pay with the owner's means. */
export const HOUSEHOLD_ROLES = ['member', 'manager'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/** The filters' and bars' names, as the screens and the history say them. */
export const LINE_FILTER_NAMES: Record<LineFilter, string> = {
  contentFilter: 'Adult content filter',
  premiumRate: 'Bar on premium-rate numbers',
  thirdPartyBilling: 'Bar on third-party charges',
};

/** What a line may ask its household for (docs/product/lifelines.md "Requests"): the owner or a manager approves or declines. */
export const REQUEST_KINDS = ['addon', 'membership', 'credit', 'roaming', 'dataCap', 'leave'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
/** A request's states: open until answered, withdrawn by the line, or 24 hours passed. */
export const REQUEST_STATES = ['open', 'approved', 'declined', 'expired', 'withdrawn'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
/** A request left unanswered this long expires (and the line is told). */
export const REQUEST_HOURS = 24;
/** At most this many open requests a line. */
export const REQUESTS_OPEN_PER_LINE = 3;
/** How many requests a line may make in a day (withdrawn ones count): asking and withdrawing in a loop ends there. */
export const REQUESTS_PER_DAY = 10;
/** Those who run a household are told of a line's requests once in this many minutes, however many it makes. */
export const REQUEST_QUIET_MINUTES = 60;
/** A decline's note is short. */
export const REQUEST_NOTE_MAX = 140;
