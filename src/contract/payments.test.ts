import { describe, expect, it } from 'vitest';
import { classifyResult } from './payments.schema.ts';

describe('payment result codes (spec section 9)', () => {
  it('success: 000.000.000 and every success pattern', () => {
    for (const code of [
      '000.000.000',
      '000.000.100',
      '000.100.110',
      '000.100.199',
      '000.300.000',
      '000.310.110',
      '000.600.000',
      '000.400.110',
      '000.400.112',
      '000.400.120',
      '000.400.122',
    ]) {
      expect(classifyResult(code), code).toBe('success');
    }
  });
  it('pending: codes starting 000.200', () => {
    for (const code of ['000.200.000', '000.200.100', '000.200.201'])
      expect(classifyResult(code), code).toBe('pending');
  });
  it('failure: everything else, including near misses of the patterns', () => {
    for (const code of [
      '800.100.151',
      '100.390.112',
      '000.400.000',
      '000.400.111',
      '000.400.121',
      '000.100.200',
      '000.400.101',
      '900.100.300',
      '',
      '000.000',
      '000.200'.replace('200', '20'),
    ]) {
      expect(classifyResult(code), code).toBe('failure');
    }
  });
});
