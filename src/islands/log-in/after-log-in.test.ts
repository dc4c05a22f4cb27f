import { describe, expect, it } from 'vitest';
import type { Account } from '../../contract/auth.schema.ts';
import { firstLoginDestination, nextStep } from './after-log-in.ts';

const account = (over: Partial<Account> = {}): Account => ({
  user_id: 1,
  firstname: 'Aoife',
  lastname: 'Murphy',
  nickname: 'Aoife',
  is_verified: true,
  is_password_compliant: true,
  first_login: false,
  capture_marketing_permissions: false,
  referred_by: null,
  isNewMemberShip: false,
  role: { rolename: 'customer' },
  ...over,
});
const base = { verified: true, recruiterUrl: null, lastUrl: undefined, locale: 'en' as const };

describe('where a member goes after logging in (spec sections 2 and 4)', () => {
  it('unverified → /sign-up, keeping a verification link they followed; this comes before everything else', () => {
    expect(nextStep({ ...base, account: account(), verified: false, recruiterUrl: '/friend' })).toEqual({
      kind: 'go',
      to: '/sign-up',
    });
    expect(nextStep({ ...base, account: account(), verified: false, lastUrl: '/sign-up?verify=abc' })).toEqual({
      kind: 'go',
      to: '/sign-up?verify=abc',
    });
    // In Irish or Polish: the sign-up page in the log-in page's language, a link kept in its own.
    expect(nextStep({ ...base, account: account(), verified: false, locale: 'pl' })).toEqual({
      kind: 'go',
      to: '/pl/sign-up',
    });
    expect(
      nextStep({ ...base, account: account(), verified: false, locale: 'en', lastUrl: '/ga/sign-up?verify=abc' }),
    ).toEqual({
      kind: 'go',
      to: '/ga/sign-up?verify=abc',
    });
    // The log-in page in any language is never where a member goes back to.
    expect(nextStep({ ...base, account: account(), lastUrl: '/pl/log-in' })).toEqual({ kind: 'go', to: '/my48' });
    expect(nextStep({ ...base, account: account({ first_login: true }), verified: false })).toEqual({
      kind: 'go',
      to: '/sign-up',
    });
  });

  it('a saved recruiter link wins over first log-in, remote login and the last URL; only local paths count', () => {
    expect(
      nextStep({
        ...base,
        account: account({ first_login: true }),
        recruiterUrl: '/recruit-and-reward',
        lastUrl: '/my48/log-in',
      }),
    ).toEqual({ kind: 'go', to: '/recruit-and-reward' });
    expect(nextStep({ ...base, account: account(), recruiterUrl: 'https://evil.example/' })).toEqual({
      kind: 'go',
      to: '/my48',
    });
    expect(nextStep({ ...base, account: account(), recruiterUrl: '//evil.example/' })).toEqual({
      kind: 'go',
      to: '/my48',
    });
  });

  it('the remote-login path remembered → the help desk', () => {
    expect(nextStep({ ...base, account: account(), lastUrl: '/my48/log-in' })).toEqual({ kind: 'helpdesk' });
    expect(nextStep({ ...base, account: account(), lastUrl: '/my48/log-in/?a=1' })).toEqual({ kind: 'helpdesk' });
    expect(nextStep({ ...base, account: account(), lastUrl: '/pl/my48/log-in' })).toEqual({ kind: 'helpdesk' });
  });

  it('first log-in: existing membership → the first-login steps; new membership → /my48', () => {
    expect(nextStep({ ...base, account: account({ first_login: true }) })).toEqual({ kind: 'first-login' });
    expect(
      nextStep({ ...base, account: account({ first_login: true, isNewMemberShip: true }), lastUrl: '/orders' }),
    ).toEqual({ kind: 'go', to: '/my48' });
  });

  it('otherwise the last visited URL, /my48 without one (never back to log-in or log-out)', () => {
    expect(nextStep({ ...base, account: account(), lastUrl: '/orders' })).toEqual({ kind: 'go', to: '/orders' });
    expect(nextStep({ ...base, account: account() })).toEqual({ kind: 'go', to: '/my48' });
    expect(nextStep({ ...base, account: account(), lastUrl: '/log-out' })).toEqual({ kind: 'go', to: '/my48' });
  });

  it('after the carousel: the marketing-permissions page when the account asks for it, else home', () => {
    expect(firstLoginDestination(account({ capture_marketing_permissions: true }))).toBe('/marketing-permissions');
    expect(firstLoginDestination(account())).toBe('/my48');
    // In the member's language.
    expect(firstLoginDestination(account({ capture_marketing_permissions: true }), 'pl')).toBe(
      '/pl/marketing-permissions',
    );
    expect(firstLoginDestination(account(), 'ga')).toBe('/ga/my48');
  });
});
