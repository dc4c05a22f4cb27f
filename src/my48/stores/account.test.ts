// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import { accountFailures } from '../../contract/account.calls.ts';
import { balanceFailure } from './account.ts';

describe('balance summary failure (spec section 8)', () => {
  it('500: service available, account details missing', () => {
    expect(balanceFailure(500, 'x.y')).toEqual({
      serviceAvailable: true,
      accountDetailsMissing: true,
      noActiveMembership: false,
    });
  });
  it('504: service unavailable', () => {
    expect(balanceFailure(504, 'x.y')).toEqual({
      serviceAvailable: false,
      accountDetailsMissing: false,
      noActiveMembership: false,
    });
  });
  it('400: account details missing; No current MemberShip → no active membership; not yet activated → service available', () => {
    expect(balanceFailure(400, accountFailures.accountDetailsMissing.code)).toEqual({
      serviceAvailable: true,
      accountDetailsMissing: true,
      noActiveMembership: false,
    });
    expect(balanceFailure(400, 'memberships.noCurrentMembership')).toEqual({
      serviceAvailable: true,
      accountDetailsMissing: false,
      noActiveMembership: true,
    });
    expect(balanceFailure(400, accountFailures.activationInProgress.code)).toEqual({
      serviceAvailable: true,
      accountDetailsMissing: false,
      noActiveMembership: false,
    });
  });
  it('any other status, or none: service unavailable', () => {
    for (const status of [401, 403, 404, 502, undefined])
      expect(balanceFailure(status, undefined).serviceAvailable).toBe(false);
  });
});
