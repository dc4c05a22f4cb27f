import { describe, expect, it } from 'vitest';
import { logInGuard, memberGuard, signUpGuard } from './guards.ts';

const visitor = { signedIn: false, verifying: false, url: '/orders?x=1' };
const member = { signedIn: true, verifying: false, url: '/orders' };
const verifying = { signedIn: true, verifying: true, url: '/my48' };

describe('route guards (spec section 2)', () => {
  it('log-in: visitors only; a signed-in member goes home', () => {
    expect(logInGuard(visitor)).toEqual({ allow: true });
    expect(logInGuard(member)).toEqual({ allow: false, redirect: '/' });
  });

  it('sign-up: visitors, and members still verifying; others go home', () => {
    expect(signUpGuard(visitor)).toEqual({ allow: true });
    expect(signUpGuard(verifying)).toEqual({ allow: true });
    expect(signUpGuard(member)).toEqual({ allow: false, redirect: '/' });
  });

  it('my account, signed out: remember the URL (the my48 home for the log-out route) and go to /log-in', () => {
    expect(memberGuard(visitor)).toEqual({ allow: false, redirect: '/log-in', remember: '/orders?x=1' });
    expect(memberGuard({ ...visitor, url: '/log-out' })).toEqual({
      allow: false,
      redirect: '/log-in',
      remember: '/my48',
    });
  });

  it('my account, verifying: to /sign-up, but activation is allowed', () => {
    expect(memberGuard(verifying)).toEqual({ allow: false, redirect: '/sign-up' });
    expect(memberGuard(verifying, { allowWhileVerifying: true })).toEqual({ allow: true });
    expect(memberGuard(member)).toEqual({ allow: true });
  });
});
