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
