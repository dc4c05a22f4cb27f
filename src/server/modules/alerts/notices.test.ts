import { describe, expect, it } from 'vitest';
import en from '../../../contract/i18n/catalogue/en.json' with { type: 'json' };
import { LOCALES } from '../../../contract/i18n/locales.ts';
import { message, type MessageKey } from '../../../contract/i18n/messages.ts';
import type { NoticeKind } from '../../../contract/i18n/notice.ts';
import { householdNotices } from '../../../contract/household.schema.ts';
import { requestNotices, requestWhatSaid } from '../../../contract/household-requests.schema.ts';
import { noticeIn } from './notices.ts';

/** The names a message's text asks for ("{line}", "{hours, plural, …}"), found at its top level. */
const slotsOf = (source: string) => [...source.matchAll(/\{(\w+)(?:,[^{}]*)?/g)].map((m) => m[1]!);
const NUMBERS = new Set(['hours', 'gb', 'share']);
const sample = (key: string) =>
  Object.fromEntries(slotsOf((en as Record<string, string>)[key]!).map((s) => [s, NUMBERS.has(s) ? 3 : `«${s}»`]));

const keys = Object.keys(en).filter((k) => k.startsWith('notice.')) as MessageKey[];
const kinds = keys.filter((k) => k.endsWith('.title')).map((k) => k.slice('notice.'.length, -'.title'.length));

describe('notices', () => {
  it('every kind has a title and a body, and every phrase is written in every language with nothing left unfilled', () => {
    expect(kinds.length).toBeGreaterThan(30);
    for (const kind of kinds) expect(keys).toContain(`notice.${kind}.body`);
    for (const locale of LOCALES)
      for (const key of keys) {
        const text = message(locale, key, sample(key));
        expect(text, `${locale} ${key}`).not.toMatch(/[{}]/);
        if (key.endsWith('.title') || key.endsWith('.body')) expect(text.trim(), `${locale} ${key}`).not.toBe('');
      }
  });

  it('Irish and Polish say each notice in their own words, not the English', () => {
    for (const kind of kinds)
      for (const part of ['title', 'body'] as const) {
        const key = `notice.${kind}.${part}` as MessageKey;
        // A body that is only its value (a credit back's status) is that value's words, in the language.
        if (/^\{\w+\}$/.test((en as Record<string, string>)[key]!)) continue;
        for (const locale of ['ga', 'pl'] as const)
          expect(message(locale, key, sample(key)), `${locale} ${key}`).not.toBe(message('en', key, sample(key)));
      }
  });

  it('writes figures, days, lists and memberships as each language does', () => {
    const at = new Date('2026-12-07T12:00:00Z');
    const renewal = {
      notice: 'renewal' as NoticeKind,
      values: {
        ends: { day: at },
        product: 'Data Plus €9.99 Membership',
        price: { euro: 999 },
        from: { say: 'notice.renewal.fromCredit' as const },
      },
    };
    expect(noticeIn('en', renewal).body).toBe(
      'On Monday, 7 December we renew Data Plus €9.99 Membership for €9.99: from your credit.',
    );
    expect(noticeIn('pl', renewal).body).toBe(
      'Dnia poniedziałek, 7 grudnia odnowimy Data Plus €9.99 Membership za 9,99\u00a0€: ze środków na koncie.',
    );
    expect(noticeIn('ga', renewal).body).toMatch(
      /^Ar Dé Luain 7 Nollaig athnuafaimid|^Ar Dé Luain, 7 Nollaig athnuafaimid/,
    );
    const data = {
      notice: 'data100' as NoticeKind,
      values: { membership: { membership: 'Data Plus €9.99 Membership' } },
    };
    expect(noticeIn('en', data).body).toContain('the data of your Data Plus €9.99 Membership.');
    expect(noticeIn('pl', data).body).toContain('z pakietu Data Plus €9.99.');
    expect(noticeIn('en', { notice: 'data100', values: { membership: { membership: 'All Data' } } }).body).toContain(
      'your All Data membership.',
    );
    // A pause that runs through 6 December ends at midnight: the day said is the 6th.
    const paused = householdNotices.paused('Aoife', 'data', new Date('2026-12-07T00:00:00Z'));
    expect(noticeIn('en', paused).body).toBe(
      'Aoife paused data on your line until 6 December. It resumes by itself then.',
    );
    expect(noticeIn('pl', paused).body).toBe(
      'Aoife wstrzymuje dane na Twojej linii do 6 grudnia. Potem wznowią się same.',
    );
    const lifted = householdNotices.lifted(['contentFilter', 'premiumRate', 'cap']);
    expect(noticeIn('en', lifted).body).toContain(
      'lifted at the network: adult content filter, bar on premium-rate numbers, the data cap. Your own',
    );
    expect(noticeIn('pl', lifted).body).toContain(
      'filtr treści dla dorosłych, blokada numerów o podwyższonej opłacie, limit danych.',
    );
  });

  it('names a country and its figures in the member’s language: the welcome abroad', () => {
    const welcome = {
      notice: 'roamEu' as NoticeKind,
      values: { country: { country: 'FR' }, gb: { decimal: '12.50' }, fromCredit: '', surcharge: { euro: 154 } },
    };
    expect(noticeIn('en', welcome).title).toBe('Welcome to France: roam like at home');
    expect(noticeIn('en', welcome).body).toContain('In France (Zone 1: EU and EEA) your calls, texts and data work');
    expect(noticeIn('en', welcome).body).toContain(
      'with 12.50 GB of EU roaming data left. Past it, data costs at most €1.54 a GB',
    );
    expect(noticeIn('pl', welcome).title).toBe('Witamy! Francja: roaming jak w domu');
    expect(noticeIn('pl', welcome).body).toContain(
      'zostało Ci 12,50 GB danych w roamingu w UE. Ponad to dane kosztują najwyżej 1,54\u00a0€ za GB',
    );
    expect(noticeIn('ga', welcome).title).toBe('Fáilte romhat – an Fhrainc: fánaíocht mar a bheifeá sa bhaile');
  });

  it('counts the hours of a request by each language’s plural rules', () => {
    const what = requestWhatSaid({ kind: 'credit', amount_cents: 500 });
    expect(noticeIn('en', requestNotices.asked('Aoife', what)).body).toBe(
      'Aoife asked for this: €5.00 credit. Approve or decline it in my48 → Household within 24 hours.',
    );
    expect(noticeIn('pl', requestNotices.asked('Aoife', what)).body).toBe(
      'Aoife prosi o: 5,00\u00a0€ na koncie. Zatwierdź lub odrzuć prośbę w my48 → Gospodarstwo domowe w ciągu 24 godzin.',
    );
    for (const [n, word] of [
      [1, 'godziny'],
      [2, 'godzin'],
      [5, 'godzin'],
    ] as const)
      expect(message('pl', 'notice.requestExpired.body', { hours: n, what: 'x' })).toContain(`w ciągu ${n} ${word}:`);
    expect(noticeIn('en', requestNotices.declined('Aoife', what, 'Not this month')).body).toBe(
      'Aoife declined your request: €5.00 credit. “Not this month”',
    );
  });
});
