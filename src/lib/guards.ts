import { isRoute } from './paths.ts';

/**
 * Where a guard sends someone: the page in the language of the page they asked for
 * (docs/product/languages.md). The pages guards send to (home, log-in, sign-up) are in every
 * language; the prefix is read with a pattern, not the locales module, which the entry pages
 * would otherwise load for this alone (guards.test.ts holds the two to each other).
 */
export const GUARD_LOCALE_PREFIX = /^\/(?:ga|pl)(?=\/|$)/;
const to = (url: string, path: string) => {
  const prefix = GUARD_LOCALE_PREFIX.exec(url)?.[0];
  return prefix ? (path === '/' ? `${prefix}/` : prefix + path) : path;
};

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
export function logInGuard({ signedIn, url }: GuardInput): GuardDecision {
  return signedIn ? { allow: false, redirect: to(url, '/') } : { allow: true };
}

/** sign-up: without an authCode, or while verifying; otherwise home. */
export function signUpGuard({ signedIn, verifying, url }: GuardInput): GuardDecision {
  return !signedIn || verifying ? { allow: true } : { allow: false, redirect: to(url, '/') };
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
  if (!signedIn)
    return { allow: false, redirect: to(url, '/log-in'), remember: isRoute(url, '/log-out') ? '/my48' : url };
  if (verifying && !allowWhileVerifying) return { allow: false, redirect: to(url, '/sign-up') };
  return { allow: true };
}
