import type { MessageKey } from './messages.ts';

/** An island's words: its keys, formatted at build in the page's language (words.ts). */
export type Words<K extends MessageKey = MessageKey> = Readonly<Record<K, string>>;

/**
 * A message's open `{name}` slots filled with what the browser knows (a field's label, an
 * address); a slot with no value stays as it is, so a missing value shows rather than vanishes.
 */
export const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);

/**
 * A message counted in the browser (a figure only the account knows: days left, uses in a day): its
 * plural's cases formatted at build (words.ts `countsIn`), `#` as the `{<arg>}` slot. The case is
 * chosen by the browser's own CLDR rules (`Intl.PluralRules`), so no rules or formatter ship.
 */
export interface Counted {
  /** The plural's argument: its slot in every case. */
  arg: string;
  /** By CLDR category (one, two, few, many, other) or exact value ("=0"). */
  cases: Readonly<Record<string, string>>;
}

/** A counted message for `n` in the language `tag`, its count written by `Intl` and other slots filled. */
export function counted(
  message: Counted,
  n: number,
  tag: string,
  values: Readonly<Record<string, string>> = {},
): string {
  const form =
    message.cases[`=${n}`] ?? message.cases[new Intl.PluralRules(tag).select(n)] ?? message.cases['other'] ?? '';
  return fill(form, { ...values, [message.arg]: new Intl.NumberFormat(tag).format(n) });
}
