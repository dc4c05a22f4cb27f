import { afterEach, describe, expect, it } from 'vitest';
import type { UsageCharts } from '../../../contract/usage.schema.ts';
import { INCOME_KINDS, SPEND_KINDS } from '../../../contract/usage.ts';
import {
  dayBars,
  evenPace,
  lastDayOf,
  moneyMonth,
  moneySummary,
  monthsSummary,
  paceSentence,
  periodSummary,
  transactionsLink,
} from './usage-view.ts';
import { speak } from '../../speech.ts';
import { my48SpeechIn } from '../../speech-build.ts';

const GB = 1024 * 1024;
const zero = <K extends string>(keys: readonly K[]) => Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;
const months = ['2026-10', '2026-11'];
const charts = (over: Partial<UsageCharts> = {}): UsageCharts => ({
  period: {
    starts_at: '2026-11-20T10:00:00.000Z',
    ends_at: '2026-12-20T10:00:00.000Z',
    data_kb: 30 * GB,
    minutes: null,
    texts: 300,
    data_used_kb: 3 * GB,
    data_lasts_until: null,
  },
  days: [
    { day: '2026-11-20', data_kb: 1 * GB, minutes: 3, texts: 1 },
    { day: '2026-11-21', data_kb: 2 * GB, minutes: 0, texts: 0 },
    { day: '2026-11-22', data_kb: 0, minutes: 1, texts: 2 },
  ],
  months: months.map((month, i) => ({ month, data_kb: i * 3 * GB, minutes: 4 * i, texts: 3 * i })),
  money: months.map((month) => ({ month, out: zero(SPEND_KINDS), in: zero(INCOME_KINDS) })),
  ...over,
});

describe('the Usage screen in words', () => {
  it('tells the period by day: the total, the average and the busiest day, in Irish dates', () => {
    expect(periodSummary(charts(), 'data')).toBe(
      '3.00 GB in the 3 days of this period so far, 1.00 GB a day on average; the most on Saturday, 21 November (2.00 GB).',
    );
    expect(periodSummary(charts(), 'texts')).toBe(
      '3 texts in the 3 days of this period so far, 1 text a day on average; the most on Sunday, 22 November (2 texts).',
    );
    expect(periodSummary(charts({ period: null, days: [] }), 'data')).toMatch(/no membership period/);
    expect(dayBars(charts(), 'minutes').map((b) => b.text)).toEqual(['3 minutes', '0 minutes', '1 minute']);
  });

  it('draws the even pace from the allowance over the period, none when unlimited', () => {
    expect(evenPace(charts().period, 'data')).toBeCloseTo(1);
    expect(evenPace(charts().period, 'texts')).toBe(10);
    expect(evenPace(charts().period, 'minutes')).toBeNull();
  });

  it('says when the data runs out at this pace, or that it lasts, is used up or unlimited', () => {
    const now = new Date('2026-11-22T12:00:00Z');
    const p = charts().period!;
    expect(paceSentence({ ...p, data_lasts_until: '2026-12-10T08:00:00.000Z' }, now)).toBe(
      'At this pace your data lasts until 10 December 2026, before the period ends on 20 December 2026.',
    );
    expect(paceSentence(p, now)).toBe('At this pace your data lasts the whole period, to 20 December 2026.');
    expect(paceSentence({ ...p, data_used_kb: 30 * GB }, now)).toBe('Your data for this period is used up.');
    expect(paceSentence({ ...p, data_kb: null }, now)).toBe('Your data is unlimited this period.');
    expect(paceSentence(null, now)).toBeNull();
  });

  it('compares this month with the last', () => {
    expect(monthsSummary(charts(), 'data')).toBe(
      'The most in November 2026 (3.00 GB). November 2026 so far: 3.00 GB, against 0.00 GB in October 2026.',
    );
  });

  it('a month of money: spent by kind, largest first, beside what came in; zeroes left out', () => {
    const c = charts();
    c.money[1]!.out = { ...c.money[1]!.out, data: 50, 'roaming-3': 1998, memberships: 999 };
    c.money[1]!.in = { ...c.money[1]!.in, 'top-ups': 2000 };
    const m = moneyMonth(c.money[1]!);
    expect(m.out.map((r) => [r.label, r.text])).toEqual([
      ['Roaming in Zone 3 (North America)', '€19.98'],
      ['Memberships', '€9.99'],
      ['Data at home', '€0.50'],
    ]);
    expect(m.in.map((r) => r.label)).toEqual(['Top-ups']);
    expect(m.summary).toBe(
      'In November 2026 you spent €30.47 and €20.00 came in. The most went on Roaming in Zone 3 (North America): €19.98.',
    );
    expect(moneySummary(c)).toBe('€30.47 spent in the last 12 months, the most in November 2026 (€30.47).');
  });

  it('links a day or a month to its transactions', () => {
    expect(transactionsLink('2026-12-03')).toBe('/my48/transactions?from=2026-12-03&to=2026-12-03');
    expect(transactionsLink('2026-02')).toBe('/my48/transactions?from=2026-02-01&to=2026-02-28');
    expect(lastDayOf('2028-02')).toBe('2028-02-29');
  });
});

describe('the Usage screen in Irish and Polish', () => {
  afterEach(() => speak(my48SpeechIn('en')));
  const november = () => {
    const c = charts();
    c.money[1]!.out = { ...c.money[1]!.out, data: 50, 'roaming-3': 1998, memberships: 999 };
    c.money[1]!.in = { ...c.money[1]!.in, 'top-ups': 2000 };
    return c;
  };

  it('says the period, the months, the pace and the money in Polish: its dates, decimals, euro and plurals', () => {
    speak(my48SpeechIn('pl'));
    expect(periodSummary(charts(), 'data')).toBe(
      '3,00 GB w ciągu 3 dni tego okresu, średnio 1,00 GB dziennie; najwięcej: sobota, 21 listopada (2,00 GB).',
    );
    expect(dayBars(charts(), 'minutes').map((b) => b.text)).toEqual(['3 minuty', '0 minut', '1 minuta']);
    expect(dayBars(charts(), 'texts').map((b) => b.label)).toEqual(['20 lis', '21 lis', '22 lis']);
    expect(periodSummary(charts({ days: [charts().days[1]!] }), 'texts')).toBe(
      'Nie wysłano SMS-ów w ciągu 1 dnia tego okresu.',
    );
    expect(monthsSummary(charts(), 'data')).toBe(
      'Najwięcej: listopad 2026 (3,00 GB). Do tej pory w tym miesiącu (listopad 2026): 3,00 GB, wobec 0,00 GB (październik 2026).',
    );
    expect(paceSentence(charts().period, new Date('2026-11-22T12:00:00Z'))).toBe(
      'W tym tempie dane wystarczą na cały okres, do 20 grudnia 2026.',
    );
    const m = moneyMonth(november().money[1]!);
    expect(m.out.map((r) => [r.label, r.text])).toEqual([
      ['Roaming w strefie 3 (Ameryka Północna)', '19,98\u00a0€'],
      ['Pakiety', '9,99\u00a0€'],
      ['Dane w kraju', '0,50\u00a0€'],
    ]);
    expect(m.summary).toBe(
      'Miesiąc listopad 2026: wydano 30,47\u00a0€, wpłynęło 20,00\u00a0€. Najwięcej poszło na: Roaming w strefie 3 (Ameryka Północna), 19,98\u00a0€.',
    );
    expect(moneySummary(november())).toBe(
      '30,47\u00a0€ wydano w ostatnich 12 miesiącach, najwięcej: listopad 2026 (30,47\u00a0€).',
    );
  });

  it('counts in Irish: its five plural forms, its months', () => {
    speak(my48SpeechIn('ga'));
    expect(dayBars(charts(), 'texts').map((b) => b.text)).toEqual(['1 téacs', '0 téacs', '2 théacs']);
    expect(monthsSummary(charts(), 'texts')).toMatch(/^An méid is mó: Samhain 2026 \(3 théacs\)\./);
    expect(moneySummary(charts())).toBe('Níor caitheadh aon rud le 12 mhí anuas.');
  });
});
