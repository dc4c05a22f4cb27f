import { useLayoutEffect, useState } from 'react';
import { guardMemberPage } from '../../lib/apply-guard.ts';
import { currentUserId } from '../../lib/member-id.ts';

/**
 * For an island of a signed-in page: applies the my-account guard once hydrated (the idle log-out
 * is started by the layout on every signed-in page: MemberIdle.astro). Returns the member's id once the page may show (undefined before, and for a
 * visitor the browser is taking to /log-in or /sign-up).
 */
export function useMemberPage(options?: { allowWhileVerifying?: boolean }): string | undefined {
  const [userId, setUserId] = useState<string>();
  useLayoutEffect(() => {
    if (guardMemberPage(options)) setUserId(currentUserId() ?? '');
  }, []);
  return userId;
}
