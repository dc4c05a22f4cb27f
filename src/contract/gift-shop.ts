/** The gift shop's plain values (docs/product/money.md), shared by the contract, the server and the browser (no zod here). */

/** Gift a plan (docs/product/money.md): a membership or credit for a member's number, paid by card by anyone. */
export const GIFT_KINDS = ['membership', 'credit'] as const;
