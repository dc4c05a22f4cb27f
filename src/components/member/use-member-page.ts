import { useEffect, useState } from 'react';
import { guardMemberPage } from '../../lib/apply-guard.ts';
import { currentUserId } from '../../lib/member-session.ts';
import { startIdleLogout } from '../../lib/idle-logout.ts';

/**
 * For an island of a signed-in page: applies the my-account guard (spec section 2) before
 * anything is shown or fetched, and starts the idle log-out. Returns the member's id once
 * the page may show, else undefined (the browser is on its way to /log-in or /sign-up).
 */
export function useMemberPage(options?: { allowWhileVerifying?: boolean }): string | undefined {
  const [userId] = useState(() => (guardMemberPage(options) ? (currentUserId() ?? '') : undefined));
  useEffect(() => {
    if (userId !== undefined) startIdleLogout();
  }, [userId]);
  return userId;
}
