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
