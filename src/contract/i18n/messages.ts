import MessageFormat from '@messageformat/core';
import en from './catalogue/en.json' with { type: 'json' };
import ga from './catalogue/ga.json' with { type: 'json' };
import pl from './catalogue/pl.json' with { type: 'json' };
import { LANGUAGE_TAG, type Locale } from './locales.ts';
import { euro } from '../format.ts';

/**
 * The catalogue (docs/product/languages.md): one ICU MessageFormat string per key and locale, English's
 * the spec's exact words. Pages use it at build and the server as it answers; compiled once a key.
 * Nothing of it runs in the browser: the islands get their locale's compiled module (ADR 063).
 */
export type MessageKey = keyof typeof en;
export type Catalogue = Record<MessageKey, string>;
export const catalogues: Record<Locale, Catalogue> = { en, ga, pl };

export type Values = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: Values) => string;

const compilers = new Map<Locale, MessageFormat>();
const compiled = new Map<string, (values?: Values) => string>();

function compiler(locale: Locale): MessageFormat {
  let mf = compilers.get(locale);
  if (!mf) {
    mf = new MessageFormat(LANGUAGE_TAG[locale].split('-')[0]!, { requireAllArguments: true, currency: 'EUR' });
    compilers.set(locale, mf);
  }
  return mf;
}

/** One message, compiled on first use. A key the locale lacks is an error: the catalogue test keeps them whole. */
export function message(locale: Locale, key: MessageKey, values?: Values): string {
  const id = `${locale}\u0000${key}`;
  let fn = compiled.get(id);
  if (!fn) {
    const source = catalogues[locale][key];
    if (typeof source !== 'string') throw new Error(`the ${locale} catalogue has no "${key}"`);
    fn = compiler(locale).compile(source) as (values?: Values) => string;
    compiled.set(id, fn);
  }
  return fn(values);
}

const inLocale = new Map<Locale, Intl.NumberFormat>();

/** Cents in euro as `locale` writes them: English the contract's own ("€12.99"), Polish "12,99 €". */
export function euroIn(locale: Locale, cents: number): string {
  if (locale === 'en') return euro(cents);
  let format = inLocale.get(locale);
  if (!format)
    inLocale.set(
      locale,
      (format = new Intl.NumberFormat(LANGUAGE_TAG[locale], { style: 'currency', currency: 'EUR' })),
    );
  return format.format(cents / 100);
}

const decimals = new Map<Locale, Intl.NumberFormat>();

/** A figure with two decimals as `locale` writes it: "1.50", "1,50" in Polish. */
export function decimalIn(locale: Locale, value: number): string {
  let format = decimals.get(locale);
  if (!format)
    decimals.set(
      locale,
      (format = new Intl.NumberFormat(LANGUAGE_TAG[locale], { minimumFractionDigits: 2, maximumFractionDigits: 2 })),
    );
  return format.format(value);
}

/** The catalogue of one locale as a function, for a page or an answer in that language. */
export const translator =
  (locale: Locale): Translate =>
  (key, values) =>
    message(locale, key, values);

/** Whether a key is in the catalogue (a label that doubles as its key, as the spec's menu names do). */
export const isMessageKey = (key: string): key is MessageKey => Object.hasOwn(en, key);

/** `error.<code>.<variant>` by its code and English words: one code said per action (flexi data's). */
let variants: Map<string, MessageKey> | undefined;
const variantOf = (key: string, english: string): MessageKey | undefined => {
  variants ??= new Map(
    (Object.keys(en) as MessageKey[])
      .filter((k) => k.startsWith('error.'))
      .map((k) => [`${k.slice(0, k.lastIndexOf('.'))}\n${en[k]}`, k]),
  );
  return variants.get(`${key}\n${english}`);
};

/**
 * An API failure's message in the member's language: the catalogue's `error.<code>` where it has
 * one (or, where one code has words per action, `error.<code>.<action>` whose English is the
 * failure's), else the failure's own words. English is always the failure's own (the spec's exact words).
 */
export function failureMessage(locale: Locale, failure: { code: string; message: string }): string {
  if (locale === 'en') return failure.message;
  const key = `error.${failure.code}`;
  const variant = variantOf(key, failure.message);
  if (variant) return message(locale, variant);
  return isMessageKey(key) ? message(locale, key) : failure.message;
}
