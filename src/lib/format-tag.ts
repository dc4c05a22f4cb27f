/**
 * The language figures are written in (lib/format.ts): Irish English, unless an app in another
 * language says so (my48's shell, docs/product/languages.md). Apart from the formatters, so an app
 * sets it on its first render without loading them before a screen needs them.
 */
let tag = 'en-IE';

/** Writes every figure from now on in the language `next` (a BCP 47 tag). */
export function formatIn(next: string): void {
  tag = next;
}

/** The language tag figures are written in now. */
export const formatTag = (): string => tag;
