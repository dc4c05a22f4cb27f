import { DEFAULT_LOCALE, type Locale } from '../contract/i18n/locales.ts';

/*
 * Which text of a legal page a reader gets in their language (docs/product/languages.md). The English
 * text is the one that binds, in every language: a translation is a help to read it, and is shown
 * only while it translates the English text as it stands (the same `updated` day). A translation
 * older than the English text would tell the reader terms that no longer hold, so the page shows the
 * English text until it is translated again.
 */

export type LegalText =
  /** The English page: the text that binds. */
  | 'original'
  /** A translation of the text as it stands, with the English one named as the one that binds. */
  | 'translation'
  /** No translation yet: the English text, said so in the page's language. */
  | 'untranslated'
  /** A translation of an earlier text: the English text, said so in the page's language. */
  | 'outdated';

export function legalTextOf(
  locale: Locale,
  english: { updated: Date },
  translation: { updated: Date } | undefined,
): LegalText {
  if (locale === DEFAULT_LOCALE) return 'original';
  if (!translation) return 'untranslated';
  return translation.updated.getTime() === english.updated.getTime() ? 'translation' : 'outdated';
}
