import { describe, expect, it } from 'vitest';
import { legalTextOf } from './legal-text.ts';

describe('which text of a legal page a reader gets', () => {
  const english = { updated: new Date('2026-09-01') };

  it('is the English text in English, whatever translations there are', () => {
    expect(legalTextOf('en', english, undefined)).toBe('original');
    expect(legalTextOf('en', english, { updated: new Date('2026-09-01') })).toBe('original');
  });

  it('is a translation only while it translates the English text as it stands', () => {
    expect(legalTextOf('pl', english, { updated: new Date('2026-09-01') })).toBe('translation');
    expect(legalTextOf('ga', english, undefined)).toBe('untranslated');
    // The English text changed after it was translated: the old words no longer hold.
    expect(legalTextOf('pl', english, { updated: new Date('2026-06-30') })).toBe('outdated');
    expect(legalTextOf('pl', english, { updated: new Date('2026-09-02') })).toBe('outdated');
  });
});
