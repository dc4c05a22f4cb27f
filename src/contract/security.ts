/** Settings → security's plain values (docs/product/member-controls.md), shared by the contract, the server and the browser (no zod here). */

/** The monthly card-spending limit: any amount from €5. */
export const SPEND_LIMIT_MIN_CENTS = 500;

/** The upper bound is only what an amount column holds (€1,000,000). */
export const SPEND_LIMIT_MAX_CENTS = 100_000_000;
