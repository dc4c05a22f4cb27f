import type { ADDRESS_LABELS } from '../contract/forms.schema.ts';
import { say, type My48Key } from './speech.ts';

/** An address form's fields, each with its words' key (each screen's own group of words). */
export type AddressKeys = Record<keyof typeof ADDRESS_LABELS, My48Key>;

/**
 * An address form's words in the page's language, for `AddressFields`: its fields' labels, an
 * optional field's ("{label} (optional)") and the county's empty choice, from the screen's keys.
 */
export const addressWordsOf = (fields: AddressKeys, optional: My48Key, choose: My48Key) => ({
  labels: Object.fromEntries(Object.entries(fields).map(([name, key]) => [name, say(key)])) as Record<
    keyof typeof ADDRESS_LABELS,
    string
  >,
  optional: say(optional),
  choose: say(choose),
});
