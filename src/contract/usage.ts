// Zod-free, so that the Usage screen reads these without loading the schemas (usage.schema.ts).

/**
 * What a use paid from credit was (docs/product/money.md, "Where credit goes"): kept on its ledger
 * row, so spend by kind is read from the ledger alone, however long ago the use was.
 */
export const USE_KINDS = ['data', 'calls', 'texts', 'roaming-1', 'roaming-2', 'roaming-3', 'roaming-4'] as const;
export type UseKind = (typeof USE_KINDS)[number];

/** Where money went, by kind: use (by its kind), memberships, add-ons, a household's lines, the rest. */
export const SPEND_KINDS = [
  'calls',
  'texts',
  'data',
  'roaming-1',
  'roaming-2',
  'roaming-3',
  'roaming-4',
  'memberships',
  'addons',
  'household',
  'other',
] as const;
export type SpendKind = (typeof SPEND_KINDS)[number];

/** What came in, by kind. */
export const INCOME_KINDS = ['top-ups', 'gifts', 'goodwill', 'refunds', 'advances', 'other'] as const;
export type IncomeKind = (typeof INCOME_KINDS)[number];

/* Each kind's name is in the message catalogue: `my48.use.spend.<kind>`, `my48.use.income.<kind>`. */

/** The longest range a statement or an export covers, in days (a year and a day: a leap year's whole). */
export const STATEMENT_MAX_DAYS = 366;
