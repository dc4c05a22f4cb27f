import Cookies from 'js-cookie';
import { memberGuard, type GuardDecision, type GuardInput } from './guards.ts';

export function guardInput(): GuardInput {
  return {
    signedIn: Boolean(Cookies.get('authCode')),
    verifying: Cookies.get('signupVerification') !== undefined,
    url: location.pathname + location.search,
  };
}

/**
 * Carries out a decision: true when the page may show, else false and the browser is on its way
 * (the page's CSS keeps its screen hidden meanwhile). What sending away needs loads only then: a
 * member let in never loads it.
 */
export function applyGuard(decision: GuardDecision): boolean {
  if (decision.allow) return true;
  // Offline, the chunk may not be there (docs/product/phone.md: the worker keeps what this member's visits loaded):
  // the visitor still goes where the guard says, without the kept parameters.
  void import('./guard-leave.ts').then(
    (m) => m.leave(decision),
    () => location.replace(decision.redirect),
  );
  return false;
}

/** The my-account guard for this page. */
export function guardMemberPage(options?: { allowWhileVerifying?: boolean }): boolean {
  return applyGuard(memberGuard(guardInput(), options));
}
