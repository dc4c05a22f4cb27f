// Zod-free, so that a screen reads these without loading the schemas (flexi-data.schema.ts).
export const FLEXI_ACTIONS = ['carryover', 'donate', 'save', 'unlock', 'swap', 'spotme', 'share'] as const;
export type FlexiAction = (typeof FLEXI_ACTIONS)[number];

/** Spot me lends for at least this many days (spec section 9) and at most a membership's length. */
export const SPOT_ME_MIN_DAYS = 1;
export const SPOT_ME_MAX_DAYS = 30;

/** The actions a SIM may take once a month (Irish time). */
export const MONTHLY_ACTIONS = ['carryover', 'donate', 'safe'] as const;
export type MonthlyAction = (typeof MONTHLY_ACTIONS)[number];

/** Donations before this day (Irish time) were made in euro, later ones in data (spec section 9). */
export const DONATION_CONVERSION_DATE = '2020-04-21';
