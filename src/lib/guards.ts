import { isRoute } from './paths.ts';

/**
 * The route guards of spec section 2, as pure decisions over what the browser holds, so they
 * are unit-tested; pages apply them with applyGuard before their island shows anything.
 */
export interface GuardInput {
  /** An authCode cookie exists (spec: logged in). */
  signedIn: boolean;
  /** A signupVerification cookie exists: the member still has to verify the e-mail. */
  verifying: boolean;
  /** The requested path with its query. */
  url: string;
}

export type GuardDecision = { allow: true } | { allow: false; redirect: string; remember?: string };

/** log-in: only without an authCode; otherwise home. */
export function logInGuard({ signedIn }: GuardInput): GuardDecision {
  return signedIn ? { allow: false, redirect: '/' } : { allow: true };
}

/** sign-up: without an authCode, or while verifying; otherwise home. */
export function signUpGuard({ signedIn, verifying }: GuardInput): GuardDecision {
  return !signedIn || verifying ? { allow: true } : { allow: false, redirect: '/' };
}

/**
 * The my-account guard. Without an authCode: remember the requested URL (the my48 home when it
 * was the log-out route) and go to /log-in. Signed in but still verifying: go to /sign-up, except
 * for activation, which an unverified member may do.
 */
export function memberGuard(
  { signedIn, verifying, url }: GuardInput,
  { allowWhileVerifying = false } = {},
): GuardDecision {
  if (!signedIn) return { allow: false, redirect: '/log-in', remember: isRoute(url, '/log-out') ? '/my48' : url };
  if (verifying && !allowWhileVerifying) return { allow: false, redirect: '/sign-up' };
  return { allow: true };
}
