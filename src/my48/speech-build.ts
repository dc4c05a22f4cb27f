import { parse } from '@messageformat/parser';
import { catalogues, type MessageKey } from '../contract/i18n/messages.ts';
import { LANGUAGE_TAG, type Locale } from '../contract/i18n/locales.ts';
import { countsIn, wordsIn } from '../contract/i18n/words.ts';
import { problemWordsIn } from '../contract/i18n/problems.ts';
import type { My48Key, My48Speech, My48WordGroup, ScreenWords } from './speech.ts';

/** Every key of my48's screens: the catalogue's `my48.*`, what a security code is for, flexi data's refusals. */
export const MY48_KEYS = (Object.keys(catalogues.en) as MessageKey[]).filter(
  (key): key is My48Key => key.startsWith('my48.') || key.startsWith('stepUp.what.') || key.startsWith('error.flexi.'),
);

/**
 * The words a screen brings with its chunk, by group (its keys' beginnings): they are not in the
 * shell's prop, so a language's words on my48's first page stay within their budget however many
 * screens join. A key used outside its group's screen must not be in a group (a test holds it).
 */
export const MY48_WORD_GROUPS = {
  usage: ['my48.use.', 'my48.stmt.'],
  flexi: ['my48.fx.', 'error.flexi.'],
  transactions: ['my48.tx.', 'my48.receipt.'],
  roaming: ['my48.roam.'],
  creditBack: ['my48.cb.'],
  account: ['my48.details.', 'my48.password.', 'my48.card.', 'my48.about.', 'my48.perm.', 'my48.contact.'],
  controls: ['my48.sec.', 'my48.alr.', 'my48.mydata.'],
  sim: ['my48.sim.'],
  household: ['my48.hh.'],
  support: ['my48.sup.'],
  recruit: ['my48.rec.'],
  phones: ['my48.ph.'],
  offers: ['my48.off.'],
} as const satisfies Record<My48WordGroup, readonly string[]>;

/** The group a key's words come with, or none: in the shell's prop. */
export const groupOf = (key: string): My48WordGroup | undefined =>
  (Object.keys(MY48_WORD_GROUPS) as My48WordGroup[]).find((group) =>
    MY48_WORD_GROUPS[group].some((start) => key.startsWith(start)),
  );

/**
 * my48's words in `locale`, formatted at build (speech.ts): a message with a plural (in English) is
 * counted in the browser, every other one is words with its values as slots. All of them by
 * default (the unit tests speak so); the shell's prop and each group's chunk take their own keys.
 */
export function my48SpeechIn(locale: Locale, keys: readonly My48Key[] = MY48_KEYS): My48Speech {
  // Counted or not as English has it: a language whose message lost its plural fails the build.
  const counted = keys.filter((key) => parse(catalogues.en[key]).some((t) => t.type === 'plural'));
  const plain = keys.filter((key) => !counted.includes(key));
  return {
    locale,
    tag: LANGUAGE_TAG[locale],
    words: wordsIn(locale, plain),
    counts: countsIn(locale, counted),
    problems: problemWordsIn(locale),
  };
}

/** The shell's prop: every key of no group (the frame, the dashboard, memberships and what is shared). */
export const my48ShellSpeechIn = (locale: Locale): My48Speech =>
  my48SpeechIn(
    locale,
    MY48_KEYS.filter((key) => !groupOf(key)),
  );

/** A group's words in `locale`: the module its screen loads with its chunk (astro.config.mjs, my48Words). */
export function my48GroupWordsIn(locale: Locale, group: My48WordGroup): ScreenWords {
  const { words, counts } = my48SpeechIn(
    locale,
    MY48_KEYS.filter((key) => groupOf(key) === group),
  );
  return { words, counts };
}
