import { describe, expect, it } from 'vitest';
import { creditRoamingKb, membershipRoamingKb, nextCapChange, roamingGb, wholesaleCapAt, ZONE_1 } from './roaming.ts';

// Irish midnight: GMT in winter, so 31 December 23:59 and 1 January 00:00 are those instants in UTC.
const lastOf2025 = new Date('2025-12-31T23:59:59Z');
const firstOf2026 = new Date('2026-01-01T00:00:00Z');
const lastOf2026 = new Date('2026-12-31T23:59:59Z');
const firstOf2027 = new Date('2027-01-01T00:00:00Z');

describe('the EU roaming allowance', () => {
  it('follows the wholesale cap of the Irish day, changing at midnight on 1 January', () => {
    expect(wholesaleCapAt(lastOf2025)).toBe(130);
    expect(wholesaleCapAt(firstOf2026)).toBe(110);
    expect(wholesaleCapAt(lastOf2026)).toBe(110);
    expect(wholesaleCapAt(firstOf2027)).toBe(100);
    expect(wholesaleCapAt(new Date('2031-06-01T12:00:00Z'))).toBe(100);
    expect(nextCapChange(new Date('2026-11-27T10:00:00Z'))).toEqual({ from: '2027-01-01', centsPerGb: 100 });
    expect(nextCapChange(firstOf2027)).toBeUndefined();
  });

  it('gives each membership with data twice its price without VAT over the cap of the year it starts', () => {
    // The catalogue's memberships with data: €9.99 (BDDT00, BDDTRC) and €12.99 (BDDV00, BDDVRC).
    const at = (cents: number, when: Date) => roamingGb(membershipRoamingKb(cents, when));
    expect(at(999, lastOf2025)).toBe('12.49');
    expect(at(999, firstOf2026)).toBe('14.76');
    expect(at(999, lastOf2026)).toBe('14.76');
    expect(at(999, firstOf2027)).toBe('16.24');
    expect(at(1299, lastOf2025)).toBe('16.24');
    expect(at(1299, firstOf2026)).toBe('19.20');
    expect(at(1299, firstOf2027)).toBe('21.12');
  });

  it('gives credit only its value without VAT over the cap of the day roaming begins', () => {
    const at = (cents: number, when: Date) => roamingGb(creditRoamingKb(cents, when));
    expect(at(2000, lastOf2025)).toBe('12.50');
    expect(at(2000, firstOf2026)).toBe('14.78');
    expect(at(2000, firstOf2027)).toBe('16.26');
    expect(at(0, firstOf2026)).toBe('0.00');
    expect(at(-50, firstOf2026)).toBe('0.00');
  });

  it('never shows more than the law computed exactly (rounded down to 0.01 GB)', () => {
    for (const cents of [499, 999, 1299, 1999, 2000, 2500])
      for (const when of [lastOf2025, firstOf2026, firstOf2027]) {
        const exact = (2 * cents) / 100 / 1.23 / (wholesaleCapAt(when) / 100);
        const shown = Number(roamingGb(membershipRoamingKb(cents, when)));
        expect(shown).toBeLessThanOrEqual(exact);
        expect(exact - shown).toBeLessThan(0.011);
      }
  });

  it('Zone 1 is the 27 member states with Iceland, Liechtenstein and Norway', () => {
    expect(Object.keys(ZONE_1)).toHaveLength(30);
    for (const code of ['FR', 'ES', 'IS', 'LI', 'NO', 'IE']) expect(ZONE_1[code]).toBeDefined();
    for (const code of ['GB', 'CH', 'US']) expect(ZONE_1[code]).toBeUndefined();
  });
});
