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

export const SPEND_LABELS: Record<SpendKind, string> = {
  calls: 'Calls',
  texts: 'Texts',
  data: 'Data at home',
  'roaming-1': 'Roaming in Zone 1 (EU and EEA)',
  'roaming-2': 'Roaming in Zone 2 (UK, Switzerland and nearby)',
  'roaming-3': 'Roaming in Zone 3 (North America)',
  'roaming-4': 'Roaming in Zone 4 (rest of the world)',
  memberships: 'Memberships',
  addons: 'Add-ons',
  household: "Your household's lines",
  other: 'Other',
};

export const INCOME_LABELS: Record<IncomeKind, string> = {
  'top-ups': 'Top-ups',
  gifts: 'Gifts and rewards',
  goodwill: 'Goodwill and charges reversed',
  refunds: 'Refunds',
  advances: 'Advances',
  other: 'Other',
};

/** The longest range a statement or an export covers, in days (a year and a day: a leap year's whole). */
export const STATEMENT_MAX_DAYS = 366;
