import { getCookie } from 'hono/cookie';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { eq, and } from 'drizzle-orm';
import { sims } from '../../db/schema.ts';
import { fail } from '../../http/answers.ts';
import type { AppEnv } from '../../http/router.ts';
import { checkSession } from './sessions.ts';
import { sameSecret, xsrfTokenFor } from '../../kernel/tokens.ts';

import { BINDING_COOKIE } from './session-cookie.ts';
import { sessionFailures } from '../../../contract/common-failures.ts';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * What counts as a SIM path, said once: /panda/protected/users/{user_id}/sims/{ssn}/…
 * with an all-digit {ssn} (sims/owned is not one). The session check asks about its SIM in the
 * same query, and requireOwnAccount refuses another member's.
 */
const SIM_PATH = /^\/panda\/protected\/users\/[^/]+\/sims\/([0-9]+)(?:\/|$)/;
export const simOfPath = (path: string): string | undefined => SIM_PATH.exec(path)?.[1];

/**
 * What a session proves, said once (spec section 6): the x-gg-auth session token, the
 * x-gg-transaction header, the HttpOnly binding cookie the session was given, and on
 * state-changing requests the XSRF token that belongs to the session. The SIM a path names is
 * checked in the same query. Answers the session, or the failure a protected call answers.
 */
async function provenSession(c: Context<AppEnv>, ssn?: string) {
  const token = c.req.header('x-gg-auth');
  if (!token || token.length > 200) return { ok: false, failure: sessionFailures.loginRequired } as const;
  const transaction = c.req.header('x-gg-transaction');
  if (!transaction || transaction.length > 256)
    return { ok: false, failure: sessionFailures.transactionMissing } as const;
  // c.get rather than c.var, which Hono builds anew at each read (every protected call passes here).
  const session = await checkSession(c.get('db'), token, getCookie(c, BINDING_COOKIE), c.get('clock'), ssn);
  if (!session.ok) return { ok: false, failure: sessionFailures.expired } as const;
  if (!SAFE_METHODS.has(c.req.method)) {
    const sent = c.req.header('x-xsrf-token') ?? '';
    if (!sameSecret(sent, xsrfTokenFor(session.tokenHash, c.get('config').sessionSecret)))
      return { ok: false, failure: sessionFailures.xsrfMissing } as const;
  }
  return { ok: true, session } as const;
}

/** Protected calls: a proven session, or the session's failure (401, or 403 without the XSRF token). */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const ssn = simOfPath(c.req.path);
  const proven = await provenSession(c, ssn);
  if (!proven.ok) return fail(c, proven.failure);
  const { session } = proven;
  c.set('member', session.member);
  c.set('sessionId', session.sessionId);
  c.set('tokenHash', session.tokenHash);
  if (ssn !== undefined) c.set('checkedSim', { ssn, owned: session.ownsSim });
  return next();
});

/**
 * A public call a signed-in member may make too (the contact form): with a session proven as a
 * protected call's is, the member is known as `signedIn`; anything less is a visitor, never an
 * error, and never a member taken from what the body says.
 */
export const identifySession = createMiddleware<AppEnv>(async (c, next) => {
  const proven = await provenSession(c);
  if (proven.ok) c.set('signedIn', proven.session.member);
  return next();
});

/** A member reaches only their own {user_id} and {ssn}: another member's answers 403, never data. */
export const requireOwnAccount = createMiddleware<AppEnv>(async (c, next) => {
  // Paths like users/current or users/affiliateInfo are not member ids; the routes with a
  // {user_id} reject anything but digits themselves, and serve only the signed-in member.
  const userId = c.req.param('user_id');
  const member = c.get('member');
  if (userId !== undefined && /^[0-9]+$/.test(userId) && Number(userId) !== member.id) {
    return fail(c, sessionFailures.notYourAccount);
  }
  const ssn = simOfPath(c.req.path);
  if (ssn !== undefined) {
    const checked = c.get('checkedSim');
    if (checked?.ssn === ssn) return checked.owned ? next() : fail(c, sessionFailures.notYourAccount);
    const [sim] = await c
      .get('db')
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, member.id)));
    if (!sim) return fail(c, sessionFailures.notYourAccount);
  }
  return next();
});
