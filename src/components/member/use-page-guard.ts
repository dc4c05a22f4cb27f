import { useLayoutEffect, useState } from 'react';
import { applyGuard, guardInput } from '../../lib/apply-guard.ts';
import type { GuardDecision, GuardInput } from '../../lib/guards.ts';

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
  }, []);
  return allowed;
}
