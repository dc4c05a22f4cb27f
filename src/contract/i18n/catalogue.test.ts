import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from './locales.ts';
import { catalogues, failureMessage, message, type MessageKey } from './messages.ts';

/** CLDR's cardinal plural categories of each language (Irish five, Polish four with fractions, English two). */
const CATEGORIES: Record<Locale, string[]> = {
  en: ['one', 'other'],
  ga: ['one', 'two', 'few', 'many', 'other'],
  pl: ['one', 'few', 'many', 'other'],
};

/** A message's arguments and, per plural argument, the categories it names. */
function shape(source: string, locale: Locale) {
  const args = new Set<string>();
  const plurals: string[][] = [];
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument' || token.type === 'function') args.add(token.arg);
      if (token.type === 'plural' || token.type === 'select' || token.type === 'selectordinal') {
        args.add(token.arg);
        if (token.type === 'plural') plurals.push(token.cases.map((c) => c.key).filter((k) => !k.startsWith('=')));
        for (const c of token.cases) walk(c.tokens);
      }
    }
  };
  walk(parse(source, { cardinal: CATEGORIES[locale] as never[], strict: false }));
  return { args: [...args].sort(), plurals };
}

describe('the message catalogue', () => {
  const keys = Object.keys(catalogues.en) as MessageKey[];

  it('has every key in every locale, and no key English lacks', () => {
    for (const locale of LOCALES) {
      const own = Object.keys(catalogues[locale]);
      expect(
        keys.filter((k) => !own.includes(k)),
        `${locale} lacks`,
      ).toEqual([]);
      expect(
        own.filter((k) => !keys.includes(k as MessageKey)),
        `${locale} has beyond English`,
      ).toEqual([]);
    }
  });

  it('gives each message the same placeholders in every language, and every plural all its language’s forms', () => {
    for (const key of keys) {
      const english = shape(catalogues.en[key], 'en');
      for (const locale of LOCALES) {
        const own = shape(catalogues[locale][key], locale);
        expect(own.args, `${locale} ${key}`).toEqual(english.args);
        for (const cases of own.plurals)
          expect([...cases].sort(), `${locale} ${key}`).toEqual([...CATEGORIES[locale]].sort());
        expect(catalogues[locale][key].trim(), `${locale} ${key}`).not.toBe('');
      }
    }
  });

  it('compiles every message in every locale', () => {
    for (const locale of LOCALES)
      for (const key of keys) {
        const { args } = shape(catalogues[locale][key], locale);
        const values = Object.fromEntries(args.map((a) => [a, a === 'count' || a === 'days' ? 2 : 'x']));
        expect(typeof message(locale, key, values)).toBe('string');
      }
  });

  it('reads a count in each language’s plural forms: 0, 1, 2, 3, 5, 11, 20 and 100', () => {
    const days = (locale: Locale, n: number) => message(locale, 'units.days', { count: n });
    expect([0, 1, 2, 3, 5, 11, 20, 100].map((n) => days('en', n))).toEqual([
      '0 days',
      '1 day',
      '2 days',
      '3 days',
      '5 days',
      '11 days',
      '20 days',
      '100 days',
    ]);
    // Polish: one for 1, few for 2–4 (not 12–14), many for the rest of the whole numbers.
    expect([0, 1, 2, 3, 5, 11, 20, 100, 22, 12].map((n) => days('pl', n))).toEqual([
      '0 dni',
      '1 dzień',
      '2 dni',
      '3 dni',
      '5 dni',
      '11 dni',
      '20 dni',
      '100 dni',
      '22 dni',
      '12 dni',
    ]);
    expect(message('pl', 'plan.period', { days: 1.5 })).toBe('/ 1,5 dnia');
    // Irish: "lá" keeps its form after every number; what the rules pick is checked below.
    expect([0, 1, 2, 3, 5, 11, 20, 100].map((n) => days('ga', n))).toEqual([
      '0 lá',
      '1 lá',
      '2 lá',
      '3 lá',
      '5 lá',
      '11 lá',
      '20 lá',
      '100 lá',
    ]);
    const rules = new Intl.PluralRules('ga');
    expect([0, 1, 2, 3, 5, 7, 11, 20, 100].map((n) => rules.select(n))).toEqual([
      'other',
      'one',
      'two',
      'few',
      'few',
      'many',
      'other',
      'other',
      'other',
    ]);
  });

  it('keeps the spec’s English words exactly', () => {
    expect(message('en', 'menu.Why Choose Us')).toBe('Why Choose Us');
    expect(message('en', 'plan.period', { days: 30 })).toBe('/ 30 days');
  });
});

describe('the API’s messages', () => {
  it('are the contract’s own English words for every failure the catalogue translates', async () => {
    const { SERVER_ERROR_CODE } = await import('../common-failures.ts');
    const { FAILURE_TABLES } = await import('../error-codes.schema.ts');
    const { messages } = await import('../messages.ts');
    // A code's words: one, or one per action where a code is said per action (flexi data's).
    const english = new Map<string, Set<string>>();
    for (const f of FAILURE_TABLES.flatMap((table) => Object.values(table)))
      english.set(f.code, (english.get(f.code) ?? new Set()).add(f.message));
    english.set(SERVER_ERROR_CODE, new Set([messages.serverError]));
    const keys = Object.keys(catalogues.en).filter((k) => k.startsWith('error.'));
    expect(keys.length).toBeGreaterThan(5);
    for (const key of keys) {
      const code = key.slice('error.'.length);
      // `error.<code>.<variant>`: a code said per action, its English one of the code's words.
      const words = english.get(code) ?? english.get(code.slice(0, code.lastIndexOf('.')));
      expect(words, key).toBeDefined();
      if (words!.size === 1) expect(catalogues.en[key as MessageKey], key).toBe([...words!][0]);
      else expect([...words!], key).toContain(catalogues.en[key as MessageKey]);
    }
  });

  it('say a failure in the member’s language by its code, and a code said per action by its English words', () => {
    const [donate, carryover] = [
      {
        code: 'flexi.lowBalance',
        message: 'Donate not available due to low balance! You need at least 1 GB of unused data.',
      },
      { code: 'flexi.lowBalance', message: 'Carryover not avaliable due to low balance!' },
    ];
    expect(failureMessage('pl', donate)).toBe(catalogues.pl['error.flexi.lowBalance.donate']);
    expect(failureMessage('pl', carryover)).toBe(catalogues.pl['error.flexi.lowBalance.carryover']);
    expect(failureMessage('en', carryover)).toBe('Carryover not avaliable due to low balance!');
    expect(failureMessage('ga', { code: 'flexi.toSelf', message: "You can't send data to your own number." })).toBe(
      catalogues.ga['error.flexi.toSelf'],
    );
    expect(failureMessage('pl', { code: 'nobody.knows', message: 'As written' })).toBe('As written');
  });
});
