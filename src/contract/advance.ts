/** The top-up advance's figures (docs/product/lifelines.md), alone: the dashboard decides with them whether to load the offer. */
export const ADVANCE_CENTS = 500;
export const ADVANCE_FEE_CENTS = 50;
export const ADVANCE_OWED_CENTS = ADVANCE_CENTS + ADVANCE_FEE_CENTS;
/** Who may: credit below this, a SIM at least this old, this many paid top-ups or purchases in the window. */
export const ADVANCE_CREDIT_BELOW_CENTS = 200;
export const ADVANCE_SIM_MIN_DAYS = 30;
export const ADVANCE_PAYMENTS_MIN = 2;
export const ADVANCE_PAYMENTS_DAYS = 90;
