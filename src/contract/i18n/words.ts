import { parse, type Token } from '@messageformat/parser';
import { catalogues, message, type MessageKey, type Values } from './messages.ts';
import type { Locale } from './locales.ts';
import type { Words } from './fill.ts';

/*
 * An island's words (docs/product/languages.md): the page formats the keys the island shows in its
 * language at build and hands them over as a prop, so an island ships no catalogue and no
 * formatter, and its first paint is already in the page's language. A message with a value known
 * only in the browser (a field's label in a problem, an address) keeps that value as a `{name}`
 * slot, which `fill` (fill.ts) fills: only plain slots may stay open, never a plural or a select,
 * which need the compiled catalogue.
 */

export type { Words } from './fill.ts';

/** The plain `{name}` arguments of a message and whether it has any other kind. */
function argumentsOf(tokens: readonly Token[], plain: Set<string>, other: Set<string>): void {
  for (const token of tokens) {
    if (token.type === 'argument') plain.add(token.arg);
    else if (token.type === 'function') other.add(token.arg);
    else if (token.type === 'plural' || token.type === 'selectordinal' || token.type === 'select') {
      other.add(token.arg);
      for (const c of token.cases) argumentsOf(c.tokens, plain, other);
    }
  }
}

/**
 * The keys in `locale`, each formatted with `values` (the same for every key) and its other plain
 * arguments left as `{name}` slots for the browser. A slot on an argument a plural, select or
 * function reads is refused: the build fails rather than show a half-formatted message.
 */
export function wordsIn<K extends MessageKey>(locale: Locale, keys: readonly K[], values: Values = {}): Words<K> {
  const out = {} as Record<K, string>;
  for (const key of keys) {
    const plain = new Set<string>();
    const other = new Set<string>();
    argumentsOf(parse(catalogues[locale][key]), plain, other);
    const open = [...plain, ...other].filter((arg) => !(arg in values));
    const notPlain = open.filter((arg) => other.has(arg));
    if (notPlain.length > 0)
      throw new Error(
        `"${key}" needs ${notPlain.join(', ')} at build: a plural, select or number cannot wait for the browser`,
      );
    out[key] = message(locale, key, { ...Object.fromEntries(open.map((arg) => [arg, `{${arg}}`])), ...values });
  }
  return out;
}

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

/** A case's tokens as a template: text as it is, `{arg}` slots, `#` as the count's slot; anything else refused. */
function template(key: string, tokens: readonly Token[], count: string | undefined): string {
  return tokens
    .map((token) => {
      if (token.type === 'content') return token.value;
      if (token.type === 'argument') return `{${token.arg}}`;
      if (token.type === 'octothorpe' && count) return `{${count}}`;
      throw new Error(
        `"${key}" has a ${token.type} inside its plural: a counted message holds one plural, of plain cases`,
      );
    })
    .join('');
}

/**
 * Messages counted in the browser (fill.ts `counted`): each key's one plural, its cases formatted in
 * `locale` at build with the text around it, `#` and plain arguments left as slots. A message with
 * no plural, or with two, or with a select or a number format inside, fails the build.
 */
export function countsIn<K extends MessageKey>(locale: Locale, keys: readonly K[]): Readonly<Record<K, Counted>> {
  const out = {} as Record<K, Counted>;
  for (const key of keys) {
    const tokens = parse(catalogues[locale][key]);
    const plurals = tokens.filter((t) => t.type === 'plural');
    const plural = plurals[0];
    if (plurals.length !== 1 || !plural || plural.type !== 'plural')
      throw new Error(`"${key}" is counted in the browser: it needs exactly one plural`);
    const before = template(key, tokens.slice(0, tokens.indexOf(plural)), undefined);
    const after = template(key, tokens.slice(tokens.indexOf(plural) + 1), undefined);
    const cases: Record<string, string> = {};
    for (const c of plural.cases) cases[c.key] = before + template(key, c.tokens, plural.arg) + after;
    out[key] = { arg: plural.arg, cases };
  }
  return out;
}
