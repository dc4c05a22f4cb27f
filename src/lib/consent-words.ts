/**
 * The consent bar's words in the page's language. The bar (consent-bar.ts) and the settings
 * (consent-banner.ts, which reads the block itself) keep their English in their own code, so a first
 * visit loads only the bar's; a page in another language carries its words in a JSON block
 * (#consent-words, from the catalogue at build), read when the bar or the settings open.
 */
export const CONSENT_WORDS_ID = 'consent-words';

/** `english` with the page's own words over it, where the page has a block (a broken one is ignored). */
export function pageWords<T extends Record<string, string>>(english: T, doc: Document = document): T {
  try {
    const own = JSON.parse(doc.getElementById(CONSENT_WORDS_ID)?.textContent || '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(english).map(([k, v]) => [k, typeof own[k] == 'string' ? own[k] : v]),
    ) as T;
  } catch {
    return english;
  }
}
