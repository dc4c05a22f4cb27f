// Zod-free, so that a screen reads these without loading the schemas (flexi-data.schema.ts).
export const FLEXI_ACTIONS = ['carryover', 'donate', 'save', 'unlock', 'swap', 'spotme', 'share'] as const;
export type FlexiAction = (typeof FLEXI_ACTIONS)[number];

/** Spot me lends for at least this many days (spec section 9) and at most a membership's length. */
export const SPOT_ME_MIN_DAYS = 1;
export const SPOT_ME_MAX_DAYS = 30;
