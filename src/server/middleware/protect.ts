import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { eq, and } from 'drizzle-orm';
import { sims } from '../db/schema.ts';
import { fail } from '../http/answers.ts';
import type { AppEnv } from '../http/router.ts';
import { checkSession } from '../services/sessions.ts';
import { sameSecret, xsrfTokenFor } from '../services/tokens.ts';

import { BINDING_COOKIE } from '../http/session.ts';
import { sessionFailures } from '../../contract/common-failures.ts';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * What counts as a SIM path, said once: /panda/protected/users/{user_id}/sims/{ssn}/…
 * with an all-digit {ssn} (sims/owned is not one). The session check asks about its SIM in the
 * same query, and requireOwnAccount refuses another member's.
 */
const SIM_PATH = /^\/panda\/protected\/users\/[^/]+\/sims\/([0-9]+)(?:\/|$)/;
export const simOfPath = (path: string): string | undefined => SIM_PATH.exec(path)?.[1];

/**
 * Protected calls (spec section 6): the x-gg-auth session token, the x-gg-transaction header,
 * the HttpOnly binding cookie the session was given, and on state-changing requests the
 * XSRF token that belongs to the session.
 */
export const requireSession = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.header('x-gg-auth');
  if (!token || token.length > 200) return fail(c, sessionFailures.loginRequired);
  const transaction = c.req.header('x-gg-transaction');
  if (!transaction || transaction.length > 256) return fail(c, sessionFailures.transactionMissing);
  c.set('log', c.var.log.child({ transaction }));

  // The SIM a path names is checked with the session, in its query (requireOwnAccount reads the answer).
  const ssn = simOfPath(c.req.path);
  const session = await checkSession(c.var.db, token, getCookie(c, BINDING_COOKIE), c.var.clock, ssn);
  if (!session.ok) return fail(c, sessionFailures.expired);

  if (!SAFE_METHODS.has(c.req.method)) {
    const sent = c.req.header('x-xsrf-token') ?? '';
    if (!sameSecret(sent, xsrfTokenFor(session.tokenHash, c.var.config.sessionSecret)))
      return fail(c, sessionFailures.xsrfMissing);
  }
  c.set('member', session.member);
  c.set('sessionId', session.sessionId);
  c.set('tokenHash', session.tokenHash);
  if (ssn !== undefined) c.set('checkedSim', { ssn, owned: session.ownsSim });
  return next();
});

/**
 * A public call a signed-in member may make too (the contact form): with a good session (token,
 * transaction, binding cookie and, on a write, the XSRF token) the member is known as `signedIn`;
 * anything less is a visitor, never an error, and never a member taken from what the body says.
 */
export const identifySession = createMiddleware<AppEnv>(async (c, next) => {
  const token = c.req.header('x-gg-auth');
  const transaction = c.req.header('x-gg-transaction');
  if (!token || token.length > 200 || !transaction || transaction.length > 256) return next();
  const session = await checkSession(c.var.db, token, getCookie(c, BINDING_COOKIE), c.var.clock);
  if (!session.ok) return next();
  if (!SAFE_METHODS.has(c.req.method)) {
    const sent = c.req.header('x-xsrf-token') ?? '';
    if (!sameSecret(sent, xsrfTokenFor(session.tokenHash, c.var.config.sessionSecret))) return next();
  }
  c.set('signedIn', session.member);
  return next();
});

/** A member reaches only their own {user_id} and {ssn}: another member's answers 403, never data. */
export const requireOwnAccount = createMiddleware<AppEnv>(async (c, next) => {
  // Paths like users/current or users/affiliateInfo are not member ids; the routes with a
  // {user_id} reject anything but digits themselves, and serve only the signed-in member.
  const userId = c.req.param('user_id');
  if (userId !== undefined && /^[0-9]+$/.test(userId) && Number(userId) !== c.var.member.id) {
    return fail(c, sessionFailures.notYourAccount);
  }
  const ssn = simOfPath(c.req.path);
  if (ssn !== undefined) {
    const checked = c.var.checkedSim;
    if (checked?.ssn === ssn) return checked.owned ? next() : fail(c, sessionFailures.notYourAccount);
    const [sim] = await c.var.db
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, c.var.member.id)));
    if (!sim) return fail(c, sessionFailures.notYourAccount);
  }
  return next();
});
