// Zod-free, so that a screen reads these without loading the schemas (forms.schema.ts).

/** The longest e-mail address a form takes (RFC 5321's path limit). */
export const EMAIL_MAX = 254;
/** The longest password a form takes: any passphrase fits, and the hash is never given an unbounded string. */
export const PASSWORD_MAX = 200;
/** The shortest new password: long enough to resist guessing (with a letter and a digit). */
export const PASSWORD_MIN = 10;

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
