/** Memberships' plain values (docs/product/money.md), shared by the contract, the server and the browser (no zod here). */

/** The data add-ons on sale (5 GB and 10 GB), bought for the current membership. */
export const ADDON_SKUS = ['BDAO05', 'BDAO10'] as const;
