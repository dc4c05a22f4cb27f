import { countryCodeOf } from '../roaming.ts';
import { LANGUAGE_TAG, type Locale } from './locales.ts';

/*
 * A country the content and the ledger name in English ("France"), in a language's own name
 * ("Francja", "an Fhrainc"), from the names every browser and Node already carry (Intl.DisplayNames).
 */

const regionNames = new Map<Locale, Intl.DisplayNames>();
let englishCodes: Map<string, string> | undefined;

/** Every region code by its English name, made once when first asked. */
function codeByEnglishName(name: string): string | undefined {
  if (!englishCodes) {
    englishCodes = new Map();
    const english = new Intl.DisplayNames('en', { type: 'region', fallback: 'none' });
    const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
    for (const a of letters)
      for (const b of letters) {
        const named = english.of(a + b);
        if (named) englishCodes.set(named, a + b);
      }
  }
  return englishCodes.get(name);
}

/** A country by its code ("FR") in `locale`'s words ("Francja"). */
export function regionIn(locale: Locale, code: string): string | undefined {
  let names = regionNames.get(locale);
  if (!names) regionNames.set(locale, (names = new Intl.DisplayNames(LANGUAGE_TAG[locale], { type: 'region' })));
  return names.of(code);
}

/** `name` in `locale`'s words; undefined when it names no country (an Irish landline, "All other countries"). */
export function countryIn(locale: Locale, name: string): string | undefined {
  const code = countryCodeOf(name) ?? codeByEnglishName(name);
  return code ? regionIn(locale, code) : undefined;
}
