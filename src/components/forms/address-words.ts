import type { ADDRESS_LABELS } from '../../contract/address-labels.ts';

/*
 * An address form's words in the page's language (docs/product/languages.md): the keys a page
 * formats for it, and the labels and words AddressFields and the form's problems take from them.
 */
const FIELDS = ['firstname', 'lastname', 's_line1', 's_line2', 's_city', 's_county', 's_postcode'] as const;
type Field = (typeof FIELDS)[number];

export const ADDRESS_KEYS = [
  'address.firstname',
  'address.lastname',
  'address.s_line1',
  'address.s_line2',
  'address.s_city',
  'address.s_county',
  'address.s_postcode',
  'address.optional',
  'address.choose',
] as const;

type AddressWords = Readonly<Record<(typeof ADDRESS_KEYS)[number], string>>;

/** Each field's label in the page's language, for the form's problems. */
export const addressLabels = (words: AddressWords): Record<Field, string> =>
  Object.fromEntries(FIELDS.map((f) => [f, words[`address.${f}`]])) as Record<Field, string>;

/** What AddressFields says in the page's language. */
export const addressFieldWords = (
  words: AddressWords,
): { labels: Record<keyof typeof ADDRESS_LABELS, string>; optional: string; choose: string } => ({
  labels: addressLabels(words),
  optional: words['address.optional'],
  choose: words['address.choose'],
});
