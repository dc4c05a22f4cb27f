import { describe, expect, it } from 'vitest';
import { withKeptParams } from './redirect-params.ts';

describe('withKeptParams', () => {
  it('keeps every utm and bp parameter and drops the others', () => {
    const from =
      '?utm_source=news&utm_medium=email&utm_campaign=xmas&utm_term=data&utm_content=top&bp_f=1&bp_f_id=22&bp_p=home&other=x';
    expect(withKeptParams('/my48', from)).toBe(
      '/my48?utm_source=news&utm_medium=email&utm_campaign=xmas&utm_term=data&utm_content=top&bp_f=1&bp_f_id=22&bp_p=home',
    );
  });

  it('decodes encoded slashes in bp_p, and only there', () => {
    expect(withKeptParams('/my48', '?bp_p=%252Fmy48%252Fmemberships')).toBe('/my48?bp_p=/my48/memberships');
    expect(withKeptParams('/my48', '?bp_p=my48%2Fmemberships&utm_term=a%2Fb')).toBe(
      '/my48?utm_term=a%2Fb&bp_p=my48/memberships',
    );
  });

  it('adds to a target that has a query and a hash, without overriding its own values', () => {
    expect(withKeptParams('/sign-up?verify=1#code', '?utm_source=app&verify=2')).toBe(
      '/sign-up?verify=1&utm_source=app#code',
    );
    expect(withKeptParams('/my48?utm_source=mine', '?utm_source=theirs')).toBe('/my48?utm_source=mine');
  });

  it('leaves the target alone when there is nothing to keep, and works for absolute URLs', () => {
    expect(withKeptParams('/my48/transactions', '')).toBe('/my48/transactions');
    expect(withKeptParams('https://support.48.ie/access/jwt', '?utm_source=a')).toBe(
      'https://support.48.ie/access/jwt?utm_source=a',
    );
  });
});
