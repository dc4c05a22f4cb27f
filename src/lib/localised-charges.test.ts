import type { CollectionEntry } from 'astro:content';
import { describe, expect, it } from 'vitest';
import { chargesIn, type Item } from './localised-charges.ts';

const table = {
  id: 'roaming',
  collection: 'charges',
  data: {
    title: 'Roaming charges',
    heading: 'Roaming charges',
    description: 'What roaming costs.',
    keywords: [],
    order: 1,
    intro: 'Outside the EU, use is paid from credit.',
    columns: [
      { key: 'calls', label: 'Calls', unit: '€ per minute' },
      { key: 'data', label: 'Data', unit: '€ per MB' },
    ],
    zones: [
      {
        zone: 'Zone 2: nearby',
        key: '2',
        countries: ['United Kingdom', 'Turkey', 'Isle of Man'],
        rates: { calls: 0.59, data: 0.99 },
      },
      { zone: 'Special', key: 'special', countries: ['Irish mobiles', 'Atlantis'], rates: { calls: 'included' } },
    ],
    notes: ['Calls are rounded up.'],
  },
} as unknown as CollectionEntry<'charges'>;

const whole: Item = {
  id: 'roaming',
  title: 'Opłaty za roaming',
  heading: 'Opłaty za roaming',
  description: 'Ile kosztuje roaming.',
  intro: 'Poza UE korzystanie jest opłacane ze środków.',
  columns: [
    { key: 'calls', label: 'Połączenia', unit: '€ za minutę' },
    { key: 'data', label: 'Dane', unit: '€ za MB' },
  ],
  zones: [
    { key: '2', zone: 'Strefa 2' },
    { key: 'special', zone: 'Specjalne', countries: ['Irlandzkie komórki', 'Atlantyda'] },
  ],
  notes: ['Połączenia są zaokrąglane w górę.'],
};

describe('a charges table in another language', () => {
  it('takes every word from a whole translation and every rate from the English table', () => {
    const shown = chargesIn('pl', table, [{ ...whole, id: 'other' }, whole]);
    expect(shown.fallback).toBe(false);
    expect(shown.data.heading).toBe('Opłaty za roaming');
    expect(shown.data.columns.map((c) => `${c.label} (${c.unit})`)).toEqual([
      'Połączenia (€ za minutę)',
      'Dane (€ za MB)',
    ]);
    expect(shown.data.zones.map((z) => z.zone)).toEqual(['Strefa 2', 'Specjalne']);
    expect(shown.data.zones.map((z) => z.rates)).toEqual(table.data.zones.map((z) => z.rates));
    expect(shown.data.notes).toEqual(['Połączenia są zaokrąglane w górę.']);
  });

  it('says countries in the language by their codes, the rows the translation names as it names them', () => {
    const [nearby, special] = chargesIn('pl', table, [whole]).data.zones;
    expect(nearby?.countries).toEqual([{ name: 'Wielka Brytania' }, { name: 'Turcja' }, { name: 'Wyspa Man' }]);
    expect(special?.countries).toEqual([{ name: 'Irlandzkie komórki' }, { name: 'Atlantyda' }]);
    const irish = chargesIn('ga', table, [whole]).data.zones[0]?.countries.map((c) => c.name);
    expect(irish).toEqual(['an Ríocht Aontaithe', 'an Tuirc', 'Oileán Mhanann']);
  });

  it('keeps a name it cannot say in the language in English, marked so', () => {
    const shown = chargesIn('pl', table, [
      {
        ...whole,
        zones: [
          { key: '2', zone: 'Strefa 2' },
          { key: 'special', zone: 'Specjalne' },
        ],
      },
    ]);
    expect(shown.data.zones[1]?.countries).toEqual([
      { name: 'Irish mobiles', lang: 'en-IE' },
      { name: 'Atlantis', lang: 'en-IE' },
    ]);
  });

  it('is the English table, said so, when the translation lacks a column, a row, a note or its head', () => {
    const lacking: Item[] = [
      { ...whole, columns: whole.columns?.slice(0, 1) },
      { ...whole, zones: whole.zones?.slice(0, 1) },
      {
        ...whole,
        zones: [
          { key: '2', zone: 'Strefa 2' },
          { key: 'special', zone: 'Specjalne', countries: ['Jedno'] },
        ],
      },
      { ...whole, notes: [] },
      { ...whole, intro: undefined },
    ];
    for (const item of lacking) {
      const shown = chargesIn('pl', table, [item]);
      expect(shown.fallback).toBe(true);
      expect(shown.data.heading).toBe('Roaming charges');
      expect(shown.data.zones[0]?.countries[0]).toEqual({ name: 'United Kingdom' });
    }
    expect(chargesIn('pl', table, []).fallback).toBe(true);
  });

  it('is the English table in English, not a fallback', () => {
    const shown = chargesIn('en', table, []);
    expect(shown.fallback).toBe(false);
    expect(shown.data.zones[0]?.zone).toBe('Zone 2: nearby');
  });
});
