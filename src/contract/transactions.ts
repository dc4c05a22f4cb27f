// Zod-free, so that a screen reads these without loading the schemas (transactions.schema.ts).
/** The Irish standard VAT rate, included in every price. */
export const VAT_RATE_PERCENT = 23;

/** The VAT inside a price that includes it, to the cent. */
export const vatOf = (grossCents: number) => Math.round((grossCents * VAT_RATE_PERCENT) / (100 + VAT_RATE_PERCENT));

/** Our company details, as a receipt prints them. */
export const COMPANY = {
  name: '48 Mobile Limited',
  address: '1 Grand Canal Square, Dublin 2, D02 P820, Ireland',
  /** The same address in its parts (a bank file's postal address). */
  postal: { street: '1 Grand Canal Square', town: 'Dublin 2, D02 P820', country: 'IE' },
  vatNumber: 'IE 3648483QH',
  registered: 'Registered in Ireland, company number 648483',
} as const;

/** Receipts (docs/product/member-controls.md): every purchase and card payment of the member's own. */
export const RECEIPT_KINDS = [
  'purchase',
  'renewal',
  'top-up',
  'add-on',
  'advance',
  'advance-repayment',
  'household',
  'household-paid',
] as const;

/** A household line's side of what its owner paid for it (docs/product/lifelines.md): its total is the owner's, paid by the household. */
export const PAID_BY_HOUSEHOLD = 'household-paid';
