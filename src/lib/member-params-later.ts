/**
 * The signed-in member's path parameter ({user_id}), with the session cookies' cryptography loaded
 * when a member's call first needs it: for public islands with a part for members only (offers,
 * refer), which a visitor never needs. Member pages use lib/member-session.ts directly.
 * The module loaded is a wrapper (member-params.ts), not member-session.ts itself: a module that is
 * also a dynamic import gets a namespace object in every page that imports it statically.
 */
export const memberParamsLater = async (): Promise<{ user_id: string }> =>
  (await import('./member-params.ts')).memberParams();
