import type { MessageKey } from './messages.ts';

/**
 * What the portal tells a member (a notification, an alert, its push and its mail), written in the
 * member's language when it is told (docs/product/languages.md): a kind, whose title and body are
 * the catalogue's `notice.<kind>.title` and `notice.<kind>.body`, and its values. It is kept as it
 * was written, as a mail is: a later change of language does not rewrite what was said.
 */
export type NoticeKind = MessageKey extends infer K ? (K extends `notice.${infer N}.title` ? N : never) : never;

/**
 * A value as the member's language writes it: a euro amount (cents), a day (with its weekday), a
 * date (with its year), a moment (its day, month and time; or with its weekday too), a day of a month, a list (joined with commas, as English lists), a membership by its product's name
 * ("Data Plus €9.99 Membership" in English, "Data Plus €9.99" where the sentence names it a
 * membership in its own words), a country by its code (our list's English name, the language's own
 * otherwise), a figure with its decimals ("2.50", "2,50" in Polish), or words of the catalogue.
 */
export type NoticeValue =
  | string
  | number
  | { readonly euro: number }
  | { readonly membership: string }
  | { readonly country: string }
  | { readonly decimal: string }
  | { readonly day: Date }
  | { readonly date: Date }
  | { readonly at: Date }
  | { readonly weekdayAt: Date }
  | { readonly dayMonth: Date }
  | { readonly list: readonly NoticeValue[] }
  | { readonly say: MessageKey; readonly values?: Readonly<Record<string, NoticeValue>> };

export interface Notice {
  readonly notice: NoticeKind;
  readonly values?: Readonly<Record<string, NoticeValue>>;
}
