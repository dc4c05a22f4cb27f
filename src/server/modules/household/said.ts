import type { Locale } from '../../../contract/i18n/locales.ts';
import type { NoticeValue } from '../../../contract/i18n/notice.ts';
import type { Outcome } from '../../kernel/outcome.ts';
import { sayIn } from '../alerts/index.ts';

/**
 * The household's answers are said in the member's language (docs/product/languages.md): its
 * services answer their `message` (a request its `what`, a line's controls their history) as words
 * of the catalogue, and the handler says them in the language of the member who asked. English is
 * the contract's own words.
 */
type Worded = 'message' | 'what';

/** A line's history: who did what, in words too. */
type History = { at: string; actor: string; text: string }[];
type HistoryUnsaid = { at: string; actor: NoticeValue; text: NoticeValue }[];

/** An answer of the contract with its words not yet said. */
export type Unsaid<T> = {
  [K in keyof T]: K extends Worded
    ? undefined extends T[K]
      ? NoticeValue | undefined
      : NoticeValue
    : K extends 'history'
      ? HistoryUnsaid
      : T[K];
};

/** The same answer with its words said. */
export type Said<T> = {
  [K in keyof T]: K extends Worded
    ? undefined extends T[K]
      ? string | undefined
      : string
    : K extends 'history'
      ? History
      : T[K];
};

export function sayAnswer<T extends object>(language: Locale, value: T): Said<T> {
  const words = value as Partial<Record<Worded, NoticeValue>>;
  return {
    ...value,
    ...('message' in value && words.message !== undefined ? { message: sayIn(language, words.message) } : {}),
    ...('what' in value && words.what !== undefined ? { what: sayIn(language, words.what) } : {}),
    ...('history' in value && Array.isArray(value.history)
      ? {
          history: (value.history as HistoryUnsaid).map((h) => ({
            at: h.at,
            actor: sayIn(language, h.actor),
            text: sayIn(language, h.text),
          })),
        }
      : {}),
  } as Said<T>;
}

/** An outcome's answer said in `language`; a refusal as it is (its handler says it). */
export async function said<T extends object, R extends string>(
  language: Locale,
  outcome: Outcome<T, R> | Promise<Outcome<T, R>>,
): Promise<Outcome<Said<T>, R>> {
  const settled = await outcome;
  return settled.ok ? { ok: true, value: sayAnswer(language, settled.value) } : settled;
}
