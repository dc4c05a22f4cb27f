import { PASSWORD_MAX, PASSWORD_MIN } from '../forms.ts';
import type { Locale } from './locales.ts';
import type { MessageKey, Values } from './messages.ts';
import { wordsIn } from './words.ts';

/**
 * The forms' rules name a problem as "<field> <rule>" ("password must contain a digit",
 * forms.schema.ts): the server says it so, in English. A form shows it with the field's label in
 * the page's language: each rule's words are a catalogue key, with the label as the slot the
 * browser fills (form-values-light.ts, withLabels). A few rules say their problem whole, without
 * the field's name: those are listed by their whole English words. A rule not listed here shows in English.
 */
export const PROBLEM_RULES: readonly (readonly [rule: string, key: MessageKey, values?: Values])[] = [
  [' is required', 'form.problem.required'],
  [' must be an e-mail address', 'form.problem.email'],
  [' is too long', 'form.problem.tooLong'],
  [` must be at least ${PASSWORD_MIN} characters`, 'form.problem.minLength', { count: PASSWORD_MIN }],
  [` must be at most ${PASSWORD_MAX} characters`, 'form.problem.maxLength', { count: PASSWORD_MAX }],
  [' must be at most 60 characters', 'form.problem.maxLength', { count: 60 }],
  [' must contain a letter', 'form.problem.letter'],
  [' must contain a digit', 'form.problem.digit'],
  [' may contain letters, spaces, apostrophes, dots and hyphens only', 'form.problem.nameCharacters'],
  // Rules said whole, without the field's name.
  ['The SIM number has 19 or 20 digits and starts with 89.', 'form.problem.ssn'],
];

/** Each rule's words in `locale`, by the rule's English ending: a `{label}` slot left for the field. */
export type ProblemWords = Readonly<Record<string, string>>;

export const problemWordsIn = (locale: Locale): ProblemWords =>
  Object.fromEntries(PROBLEM_RULES.map(([rule, key, values]) => [rule, wordsIn(locale, [key], values)[key]]));

/** An address form's problems in `locale`: the rules' words and the address's own three. */
export function addressProblemWordsIn(locale: Locale): ProblemWords {
  const own = wordsIn(locale, ['address.rule.max80', 'address.rule.county', 'address.rule.eircode']);
  return {
    ...problemWordsIn(locale),
    ' must be at most 80 characters': own['address.rule.max80'],
    ' must be a county of Ireland': own['address.rule.county'],
    'Enter an Eircode like D02 X285, or leave it empty.': own['address.rule.eircode'],
  };
}
