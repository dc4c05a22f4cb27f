import { getSessionCookie } from './session-cookies.ts';

/*
 * Reading the signed-in member's id, apart from opening a session (member-session.ts): a member
 * page needs only this, not the log-in's session code (lighter islands).
 */

/** The signed-in member's id from its cookie (protected calls put it in the path). */
export function currentUserId(): string | undefined {
  const id = getSessionCookie('userId');
  return id && /^\d+$/.test(id) ? id : undefined;
}

/** The path parameter of the signed-in member's calls ({user_id}); empty when signed out (the call then fails). */
export function memberParams(): { user_id: string } {
  return { user_id: currentUserId() ?? '' };
}
