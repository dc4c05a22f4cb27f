import { parse } from '@messageformat/parser';
import { catalogues, type MessageKey } from '../contract/i18n/messages.ts';
import { LANGUAGE_TAG, type Locale } from '../contract/i18n/locales.ts';
import { countsIn, wordsIn } from '../contract/i18n/words.ts';
import { problemWordsIn } from '../contract/i18n/problems.ts';
import type { My48Key, My48Speech } from './speech.ts';

/** Every key of my48's screens: the catalogue's `my48.*`, what a security code is for, flexi data's refusals. */
export const MY48_KEYS = (Object.keys(catalogues.en) as MessageKey[]).filter(
  (key): key is My48Key => key.startsWith('my48.') || key.startsWith('stepUp.what.') || key.startsWith('error.flexi.'),
);

/**
 * my48's words in `locale`, formatted at build for the shell's prop (speech.ts): a message with a
 * plural (in English) is counted in the browser, every other one is words with its values as slots.
 */
export function my48SpeechIn(locale: Locale): My48Speech {
  // Counted or not as English has it: a language whose message lost its plural fails the build.
  const counted = MY48_KEYS.filter((key) => parse(catalogues.en[key]).some((t) => t.type === 'plural'));
  const plain = MY48_KEYS.filter((key) => !counted.includes(key));
  return {
    locale,
    tag: LANGUAGE_TAG[locale],
    words: wordsIn(locale, plain),
    counts: countsIn(locale, counted),
    problems: problemWordsIn(locale),
  };
}
