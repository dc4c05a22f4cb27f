import { useEffect, useLayoutEffect, useState } from 'react';
import { applyGuard, guardInput, guardMemberPage } from '../../lib/apply-guard.ts';
import type { GuardDecision, GuardInput } from '../../lib/guards.ts';
import { currentUserId } from '../../lib/member-session.ts';
import { startIdleLogout } from '../../lib/idle-logout.ts';

/**
 * A page guard (spec section 2) for an island rendered at build: the build's HTML is the page as
 * an allowed visitor sees it; the guard runs once hydrated, before paint, and sends anyone else
 * on. Until then the page's CSS keeps the island hidden from whoever the guard will send away
 * (`data-guard`, global.css), so nobody sees a screen that is not theirs. True once allowed.
 */
export function usePageGuard(decide: (input: GuardInput) => GuardDecision): boolean {
  const [allowed, setAllowed] = useState(false);
  useLayoutEffect(() => {
    if (applyGuard(decide(guardInput()))) setAllowed(true);
    // The decision is made once, on arrival, as a page load would.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return allowed;
}

/**
 * For an island of a signed-in page: applies the my-account guard once hydrated and starts the
 * idle log-out. Returns the member's id once the page may show (undefined before, and for a
 * visitor the browser is taking to /log-in or /sign-up).
 */
export function useMemberPage(options?: { allowWhileVerifying?: boolean }): string | undefined {
  const [userId, setUserId] = useState<string>();
  useLayoutEffect(() => {
    if (guardMemberPage(options)) setUserId(currentUserId() ?? '');
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  useEffect(() => {
    if (userId !== undefined) startIdleLogout();
  }, [userId]);
  return userId;
}
