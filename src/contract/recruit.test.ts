import { describe, expect, it } from 'vitest';
import { keepsKickbackCookies } from './recruit.schema.ts';
import { KICKBACK_REQUESTER } from './recruit.ts';

describe('kick-back SIM cookies (spec section 3)', () => {
  it('are kept for a kick-back SIM product whose requester is not 2', () => {
    for (const sku of ['Kickback_Pack_M', 'Kickback_Pack_N', 'Kickback_Pack_S']) {
      expect(keepsKickbackCookies(sku, KICKBACK_REQUESTER.member)).toBe(true);
      expect(keepsKickbackCookies(sku, '3')).toBe(true);
      expect(keepsKickbackCookies(sku, KICKBACK_REQUESTER.recruiter)).toBe(false);
    }
  });
  it('are not kept for other products', () => {
    expect(keepsKickbackCookies('Pre_Start_3FF_N', '1')).toBe(false);
    expect(keepsKickbackCookies('Kickback_Pack_X', '1')).toBe(false);
  });
});
