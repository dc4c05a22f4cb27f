import { describe, expect, it } from 'vitest';
import { GUARD_LOCALE_PREFIX, logInGuard, memberGuard, signUpGuard } from './guards.ts';
import { PREFIXED_LOCALES, pathIn } from '../contract/i18n/locales.ts';
import { isLocalised } from '../contract/i18n/routes.ts';

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

  it('send each to the page in the language of the page asked for (Irish, Polish), where it has one', () => {
    expect(memberGuard({ ...visitor, url: '/pl/activate-sim' })).toEqual({
      allow: false,
      redirect: '/pl/log-in',
      remember: '/pl/activate-sim',
    });
    expect(memberGuard({ ...verifying, url: '/ga/activate-sim' })).toEqual({ allow: false, redirect: '/ga/sign-up' });
    expect(logInGuard({ ...member, url: '/pl/log-in' })).toEqual({ allow: false, redirect: '/pl/' });
    expect(signUpGuard({ ...member, url: '/ga/sign-up?verify=x' })).toEqual({ allow: false, redirect: '/ga/' });
    expect(memberGuard({ ...verifying, url: '/pl/orders' })).toEqual({ allow: false, redirect: '/pl/sign-up' });
    // The guards' pattern knows the locales the site has, and the pages they send to are in each.
    for (const locale of PREFIXED_LOCALES) {
      expect(GUARD_LOCALE_PREFIX.exec(`/${locale}/x`)?.[0]).toBe(`/${locale}`);
      for (const path of ['/', '/log-in', '/sign-up']) expect(isLocalised(path), path).toBe(true);
      const url = pathIn(locale, '/activate-sim');
      expect(memberGuard({ ...visitor, url })).toMatchObject({ redirect: pathIn(locale, '/log-in') });
      expect(memberGuard({ ...verifying, url })).toMatchObject({ redirect: pathIn(locale, '/sign-up') });
      expect(logInGuard({ ...member, url })).toMatchObject({ redirect: pathIn(locale, '/') });
    }
    expect(GUARD_LOCALE_PREFIX.test('/plans')).toBe(false);
    expect(GUARD_LOCALE_PREFIX.test('/gallery')).toBe(false);
  });
});
