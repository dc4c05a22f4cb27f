import type { Counted } from '../contract/i18n/words.ts';
import type { MessageKey } from '../contract/i18n/messages.ts';
import type { Locale } from '../contract/i18n/locales.ts';
import { formatIn } from '../lib/format-tag.ts';
import type { FormSpeech } from '../stores/form-shell.ts';

/*
 * my48 in the page's language (docs/product/languages.md): the shell of each language
 * (/my48, /ga/my48, /pl/my48) formats every `my48.*` key at build (speech-build.ts) and hands
 * them to the app as a prop; screens say them through `say` and `sayCount`. No catalogue, no
 * message parser and no plural rules ship: a count is chosen by the browser's `Intl.PluralRules`.
 */

/**
 * my48's own words, what a security code is for (said in its mail too), and flexi data's refusals
 * (the server's words, said before the member tries).
 */
export type My48Key = Extract<MessageKey, `my48.${string}` | `stepUp.what.${string}` | `error.flexi.${string}`>;

/** What the app says, in one language. */
export interface My48Speech {
  locale: Locale;
  /** Its language tag, for `Intl` (plural rules, numbers, dates). */
  tag: string;
  /** The messages with no plural, other values left as `{name}` slots. */
  words: Readonly<Partial<Record<My48Key, string>>>;
  /** The messages with a count (a plural), by case. */
  counts: Readonly<Partial<Record<My48Key, Counted>>>;
  /** The forms' rules' words, by the rule's English (problems.ts). */
  problems: Readonly<Record<string, string>>;
}

/** The groups of words a screen brings with its chunk (speech-build.ts, MY48_WORD_GROUPS). */
export type My48WordGroup =
  | 'usage'
  | 'flexi'
  | 'transactions'
  | 'roaming'
  | 'creditBack'
  | 'account'
  | 'controls'
  | 'sim'
  | 'household'
  | 'support'
  | 'recruit'
  | 'phones'
  | 'offers';

/** A group's words, as its chunk brings them. */
export type ScreenWords = Pick<My48Speech, 'words' | 'counts'>;

let speech: My48Speech | undefined;
/** The words screens brought with their chunks (learn), beside the shell's. */
const learned: { words: Record<string, string>; counts: Record<string, Counted> } = { words: {}, counts: {} };

/** A screen's words, come with its chunk: said from now on beside the shell's. */
export function learn(more: ScreenWords): void {
  Object.assign(learned.words, more.words);
  Object.assign(learned.counts, more.counts);
}

/**
 * A message's `{name}` slots filled, one missing left as it is (fill.ts's rule, said again here: a
 * module shared with the entry pages' islands becomes a chunk of its own, and /sign-up has no bytes
 * left for one).
 */
const fill = (template: string, values: Readonly<Record<string, string>>): string =>
  template.replace(/\{(\w+)\}/g, (slot, name: string) => values[name] ?? slot);

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

/** The app's language, set once by the shell's prop before anything renders (and by tests). */
export function speak(next: My48Speech): void {
  if (speech === next) return;
  speech = next;
  formatIn(next.tag);
}

const current = (): My48Speech => {
  if (!speech) throw new Error('my48 speaks no language yet: the shell gives it its words');
  return speech;
};

/** The page's language (its locale, as paths and the API know it). */
export const locale = (): Locale => current().locale;

/** A message in the page's language, its slots filled. A key it lacks shows as the key, never as nothing. */
export function say(key: My48Key, values: Readonly<Record<string, string | number>> = {}): string {
  const template = current().words[key] ?? learned.words[key];
  if (template === undefined) return key;
  return fill(template, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
}

/**
 * What a form of my48 says in the page's language (form-shell.ts): its fields' labels, the rules'
 * words with a few of the form's own said whole (by their English), and its busy line.
 */
export function formSpeech(
  labels: Readonly<Record<string, My48Key>>,
  whole: Readonly<Record<string, My48Key>> = {},
  busy: My48Key = 'my48.form.saving',
): FormSpeech {
  const said = (keys: Readonly<Record<string, My48Key>>) =>
    Object.fromEntries(Object.entries(keys).map(([name, key]) => [name, say(key)]));
  return { labels: said(labels), rules: { ...current().problems, ...said(whole) }, busyLabel: say(busy) };
}

/** A message with a count, in the language's plural form for `n`. */
export function sayCount(key: My48Key, n: number, values: Readonly<Record<string, string | number>> = {}): string {
  const { counts, tag } = current();
  const message = counts[key] ?? learned.counts[key];
  if (!message) return key;
  return counted(message, n, tag, Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)])));
}
