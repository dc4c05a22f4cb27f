// Zod-free, so that a screen reads these without loading the schemas (forms.schema.ts).
export const PROVIDERS = [
  'Vodafone',
  'Three',
  'eir',
  'Tesco Mobile',
  'Virgin Media',
  'GoMo',
  'Lyca Mobile',
  'An Post Mobile',
  'Clear Mobile',
  'Other',
] as const;

export const REORDER_REASONS = ['lost', 'stolen', 'damaged', 'wrong size'] as const;
