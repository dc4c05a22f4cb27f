import { afterEach, describe, expect, it } from 'vitest';
import { LOCALES } from '../contract/i18n/locales.ts';
import { messages } from '../contract/messages.ts';
import { ADVANCE_CENTS, ADVANCE_OWED_CENTS, advanceMessages } from '../contract/advance.calls.ts';
import { isLocalised } from '../contract/i18n/routes.ts';
import { countsIn } from '../contract/i18n/words.ts';
import { euro, formatTag } from '../lib/format.ts';
import { my48SpeechIn } from './speech-build.ts';
import { counted, say, sayCount, speak } from './speech.ts';

const english = my48SpeechIn('en');
afterEach(() => speak(english));

describe('my48 in each language', () => {
  it('builds in every language: each message said or counted, none missing', () => {
    for (const locale of LOCALES) {
      const speech = my48SpeechIn(locale);
      expect(Object.keys(speech.words).length + Object.keys(speech.counts).length).toBe(
        Object.keys(english.words).length + Object.keys(english.counts).length,
      );
      expect(Object.keys(speech.counts).sort()).toEqual(Object.keys(english.counts).sort());
    }
  });

  it('says the spec’s messages in English letter for letter', () => {
    speak(english);
    expect(say('my48.spec.retrievingAccount')).toBe(messages.retrievingAccount);
    expect(say('my48.spec.portinInProgress')).toBe(messages.portinInProgress);
    expect(say('my48.spec.serviceUnavailable')).toBe(messages.serviceUnavailable);
    expect(say('my48.spec.noActiveMembership')).toBe('No Active Membership');
    // The top-up advance's words are the contract's (docs/product/lifelines.md).
    expect(say('my48.advance.offer')).toBe(advanceMessages.offer);
    expect(say('my48.advance.owed', { amount: euro(700) })).toBe(advanceMessages.owed(700));
    expect(say('my48.advance.taken', { amount: euro(ADVANCE_CENTS), owed: euro(ADVANCE_OWED_CENTS) })).toBe(
      advanceMessages.taken,
    );
    expect([0, 1, 2].map((n) => sayCount('my48.dash.daysLeft', n))).toEqual(['DAY LEFT', 'DAY LEFT', 'DAYS LEFT']);
  });

  it('speaks Polish and Irish, figures written in the language, counts in its plural forms', () => {
    speak(my48SpeechIn('pl'));
    expect(formatTag()).toBe('pl-PL');
    expect(say('my48.screen.transactions.heading')).toBe('Twoje transakcje');
    expect(euro(999).replace(/\s/g, ' ')).toBe('9,99 €');
    const texts = [0, 1, 2, 3, 5, 11, 20, 22, 100].map((n) => sayCount('my48.offer.texts', n));
    expect(texts).toEqual([
      '0 SMS-ów',
      '1 SMS',
      '2 SMS-y',
      '3 SMS-y',
      '5 SMS-ów',
      '11 SMS-ów',
      '20 SMS-ów',
      '22 SMS-y',
      '100 SMS-ów',
    ]);
    expect(sayCount('my48.tx.uses', 5, { description: 'Dane' })).toBe('Dane: 5 użyć');
    speak(my48SpeechIn('ga'));
    const ga = [0, 1, 2, 3, 5, 7, 11, 20, 100].map((n) => sayCount('my48.offer.texts', n));
    expect(ga).toEqual([
      '0 téacs',
      '1 téacs',
      '2 théacs',
      '3 théacs',
      '5 théacs',
      '7 dtéacs',
      '11 téacs',
      '20 téacs',
      '100 téacs',
    ]);
    expect(euro(999)).toBe('€9.99');
  });

  it('is in every language at every address under /my48, the help desk’s sign-in page too', () => {
    for (const path of ['/my48', '/my48/usage', '/pl/my48/transactions/12', '/my48/log-in', '/ga/my48/log-in'])
      expect(isLocalised(path), path).toBe(true);
    for (const path of ['/my48x', '/legalese']) expect(isLocalised(path), path).toBe(false);
    // The legal texts are at every address in every language too (English where not translated).
    for (const path of ['/legal', '/pl/legal/privacy-policy', '/ga/legal/terms-and-conditions'])
      expect(isLocalised(path), path).toBe(true);
  });
});

describe('a message counted in the browser', () => {
  it('keeps the text around its plural, `#` as the count, other values as slots', () => {
    const { 'my48.dash.notificationsNew': pl } = countsIn('pl', ['my48.dash.notificationsNew']);
    expect(pl.arg).toBe('count');
    expect(Object.keys(pl.cases).sort()).toEqual(['few', 'many', 'one', 'other']);
    expect(counted(pl, 2, 'pl-PL')).toBe('Powiadomienia (2 nowe)');
    expect(counted(pl, 5, 'pl-PL')).toBe('Powiadomienia (5 nowych)');
    // An exact case wins over its category; a decimal count is written as the language writes it.
    const days = countsIn('pl', ['my48.dash.daysLeft'])['my48.dash.daysLeft'];
    expect(counted(days, 0, 'pl-PL')).toBe('DNI DO KOŃCA');
    expect(counted(countsIn('pl', ['units.days'])['units.days'], 1.5, 'pl-PL')).toBe('1,5 dnia');
  });

  it('refuses a message with no plural: the build fails rather than count it wrong', () => {
    expect(() => countsIn('pl', ['my48.dash.credit'])).toThrow(/exactly one plural/);
  });
});
