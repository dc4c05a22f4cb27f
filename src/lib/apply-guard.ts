import Cookies from 'js-cookie';
import { memberGuard, type GuardDecision, type GuardInput } from './guards.ts';
import { rememberLastUrl } from './last-url.ts';
import { withKeptParams } from './redirect-params.ts';

export function guardInput(): GuardInput {
  return { signedIn: Boolean(Cookies.get('authCode')), verifying: Cookies.get('signupVerification') !== undefined, url: location.pathname + location.search };
}

/** Carries out a decision: true when the page may show, else the browser is already leaving. */
export function applyGuard(decision: GuardDecision): boolean {
  if (decision.allow) return true;
  if (decision.remember) rememberLastUrl(decision.remember);
  location.replace(withKeptParams(decision.redirect, location.search));
  return false;
}

/** The my-account guard for this page. */
export function guardMemberPage(options?: { allowWhileVerifying?: boolean }): boolean {
  return applyGuard(memberGuard(guardInput(), options));
}
