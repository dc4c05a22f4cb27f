/**
 * The language figures are written in (lib/format.ts): Irish English, unless an app in another
 * language says so (my48's shell, docs/product/languages.md). Apart from the formatters, so an app
 * sets it on its first render without loading them before a screen needs them.
 */
let tag = 'en-IE';

/**
 * Writes every figure from now on in the language `next` (a BCP 47 tag), where the browser knows
 * how: a browser without the language's dates (Chromium ships no Irish ones, and would write
 * "November 26, 2026 at 03:48 PM") writes them as Irish English does ("26 November 2026, 15:48").
 */
export function formatIn(next: string): void {
  tag = Intl.DateTimeFormat.supportedLocalesOf([next]).length > 0 ? next : 'en-IE';
}

/** The language tag figures are written in now. */
export const formatTag = (): string => tag;
