/** Notifications on devices' plain values (docs/product/phone.md), shared by the contract, the server and the browser (no zod here). */

/** Devices a member can have notifications on: a new one past this replaces the oldest. */
export const PUSH_DEVICES_MAX = 10;
