import { createRoute, z } from '@hono/zod-openapi';
import { getConnInfo } from '@hono/node-server/conninfo';
import { eq, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import { rateLimiter } from 'hono-rate-limiter';
import { AccountSchema, ErrorSchema, LoginBodySchema } from '../../contract/account.ts';
import { SESSION_MAX_MS } from '../../contract/constants.ts';
import { messages } from '../../contract/messages.ts';
import { members } from '../db/schema.ts';
import { fail, router, type AppConfig, type AppEnv } from '../http.ts';
import { BINDING_COOKIE } from '../middleware/protect.ts';
import { dummyHash, verifyPassword } from '../services/passwords.ts';
import { endSession, startSession } from '../services/sessions.ts';
import { encryptEmv, xsrfTokenFor } from '../services/tokens.ts';

const errors = {
  400: { description: 'Bad input', content: { 'application/json': { schema: ErrorSchema } } },
  401: { description: 'Not signed in, or wrong e-mail or password', content: { 'application/json': { schema: ErrorSchema } } },
  403: { description: 'Not this member’s, or a bad XSRF token or origin', content: { 'application/json': { schema: ErrorSchema } } },
  429: { description: 'Too many attempts', content: { 'application/json': { schema: ErrorSchema } } },
};

export const userParams = z.object({ user_id: z.string().regex(/^[0-9]{1,10}$/, { error: 'must be a number' }).openapi({ example: '1' }) });

export const protectedHeaders = z.object({
  'x-gg-auth': z.string().openapi({ description: 'The session token from log-in' }),
  'x-gg-transaction': z.string().max(256).openapi({ description: 'Transaction id, logged with the request' }),
});

function loginRoute<P extends string>(path: P) {
  return createRoute({
    method: 'post',
    path,
    tags: ['Sign-in'],
    summary: 'Log in with e-mail and password',
    request: {
      body: {
        // Either content type; the library validates the one that was sent.
        required: false,
        content: {
          'application/json': { schema: LoginBodySchema },
          'application/x-www-form-urlencoded': { schema: LoginBodySchema },
        },
      },
    },
    responses: {
      200: {
        description: 'Signed in. Headers x-gg-auth (session token) and x-gg-emv (encrypted e-mail-verified flag).',
        content: { 'application/json': { schema: z.object({ _payload: z.object({ account: AccountSchema }) }) } },
      },
      ...errors,
    },
  });
}

export function accountOf(m: typeof members.$inferSelect) {
  return {
    user_id: m.id,
    firstname: m.firstname,
    lastname: m.lastname,
    nickname: m.nickname,
    is_verified: m.isVerified,
    is_password_compliant: m.isPasswordCompliant,
    first_login: m.firstLogin,
    capture_marketing_permissions: m.captureMarketingPermissions,
    referred_by: m.referredBy,
    isNewMemberShip: m.isNewMembership,
    role: { rolename: m.role },
  };
}

export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** An e-mail field of the body (JSON or form), for rate-limit keys; the route validates it properly. */
export async function emailField(c: Context, field: 'username' | 'email'): Promise<string> {
  try {
    const type = c.req.header('content-type') ?? '';
    const body = type.includes('application/json') ? await c.req.json() : await c.req.parseBody();
    const value = (body as Record<string, unknown>)[field];
    return typeof value === 'string' ? value.trim().toLowerCase().slice(0, 254) : '';
  } catch {
    return '';
  }
}

const tooMany = (c: Context) => fail(c, 429, messages.tooManyRequests);

/** A rate limit keyed by what `key` returns (an address, an account, an e-mail). */
export function limitBy(windowMs: number, limit: number, key: (c: Context<AppEnv>) => string | Promise<string>, onlyFailures = false) {
  return rateLimiter<AppEnv>({ windowMs, limit, standardHeaders: 'draft-6', skipSuccessfulRequests: onlyFailures, keyGenerator: key, handler: tooMany });
}

export const byIp = (prefix: string) => (c: Context<AppEnv>) => `${prefix}:ip:${clientIp(c)}`;

/**
 * Starts a session and puts it on the response: x-gg-auth (the token), x-gg-emv (the
 * encrypted e-mail-verified flag), the HttpOnly binding cookie and the XSRF-TOKEN cookie.
 */
export async function openSession(c: Context<AppEnv>, member: typeof members.$inferSelect, config: AppConfig) {
  const session = await startSession(c.var.db, member.id, c.var.clock);
  const secure = new URL(c.req.url).protocol === 'https:';
  const maxAge = Math.floor(SESSION_MAX_MS / 1000); // the server decides expiry; the cookie just outlives it
  setCookie(c, BINDING_COOKIE, session.binding, { httpOnly: true, sameSite: 'Lax', secure, path: '/panda', maxAge });
  setCookie(c, 'XSRF-TOKEN', xsrfTokenFor(session.tokenHash, config.sessionSecret), { sameSite: 'Lax', secure, path: '/', maxAge });
  c.header('x-gg-auth', session.token);
  c.header('x-gg-emv', encryptEmv(member.isVerified, config.emvKeyBase64));
  c.header('access-control-expose-headers', 'x-gg-auth, x-gg-emv');
  c.var.log.info({ memberId: member.id }, 'session started');
}

export function authRoutes(config: AppConfig) {
  const app = router();
  // Made now, so the first unknown e-mail is not slower than a wrong password.
  void dummyHash();
  const { windowMs, loginPerIp, loginFailuresPerAccount } = config.rateLimit;
  // Per address, every attempt counts; per account only failures, so one member's failures
  // never lock out another member, and a member who signs in is never slowed down.
  const perIp = limitBy(windowMs, loginPerIp, byIp('login'));
  const perAccount = limitBy(windowMs, loginFailuresPerAccount, async (c) => `login:account:${await emailField(c, 'username')}`, true);

  for (const path of ['/panda/protected/users/current', '/panda/public/users/current'] as const) {
    app.use(path, perIp, perAccount);
    app.openapi(loginRoute(path), async (c) => {
      const sent = c.req.header('content-type')?.includes('json') ? c.req.valid('json') : c.req.valid('form');
      const body = LoginBodySchema.safeParse(sent);
      if (!body.success) return fail(c, 400, 'Send username and password as JSON or form data.');
      const { username, password } = body.data;
      const [member] = await c.var.db.select().from(members).where(eq(sql`lower(${members.email})`, username.toLowerCase()));
      // Unknown e-mails are checked against a dummy hash: same answer, same time.
      const ok = await verifyPassword(password, member?.passwordHash ?? (await dummyHash()));
      if (!member || !ok) return fail(c, 401, messages.invalidLogin);

      await openSession(c, member, config);
      return c.json({ _payload: { account: accountOf(member) } }, 200);
    });
  }
  return app;
}

export function sessionRoutes() {
  const app = router();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/panda/protected/logout/users',
      tags: ['Sign-in'],
      summary: 'End the session on the server',
      request: { headers: protectedHeaders },
      responses: { 200: { description: 'Signed out', content: { 'application/json': { schema: z.object({ _payload: z.object({ message: z.string() }) }) } } }, ...errors },
    }),
    async (c) => {
      await endSession(c.var.db, c.var.sessionId, c.var.clock);
      setCookie(c, BINDING_COOKIE, '', { path: '/panda', maxAge: 0 });
      return c.json({ _payload: { message: 'Signed out' } }, 200);
    },
  );
  app.openapi(
    createRoute({
      method: 'put',
      path: '/panda/protected/users/{user_id}/extras/firstlogin',
      tags: ['Account'],
      summary: 'Record that the first login has happened',
      request: {
        headers: protectedHeaders,
        params: userParams,
        query: z.object({ first_login: z.literal('false', { error: 'first_login must be false' }) }),
      },
      responses: { 200: { description: 'Updated', content: { 'application/json': { schema: z.object({ _payload: z.object({ account: AccountSchema }) }) } } }, ...errors },
    }),
    async (c) => {
      const [member] = await c.var.db.update(members).set({ firstLogin: false }).where(eq(members.id, c.var.member.id)).returning();
      return c.json({ _payload: { account: accountOf(member!) } }, 200);
    },
  );
  return app;
}

export function publicUserRoutes() {
  const app = router();
  app.openapi(
    createRoute({
      method: 'get',
      path: '/panda/public/users/{id}',
      tags: ['Account'],
      summary: 'A member’s nickname (for referral pages)',
      request: { params: z.object({ id: z.string().regex(/^[0-9]{1,10}$/, { error: 'id must be a number' }) }) },
      responses: {
        200: { description: 'The nickname', content: { 'application/json': { schema: z.object({ _payload: z.object({ nickname: z.string() }) }) } } },
        404: { description: 'No such member', content: { 'application/json': { schema: ErrorSchema } } },
        400: errors[400],
      },
    }),
    async (c) => {
      const [member] = await c.var.db.select({ nickname: members.nickname }).from(members).where(eq(members.id, Number(c.req.valid('param').id)));
      if (!member) return fail(c, 404, messages.notFound);
      return c.json({ _payload: { nickname: member.nickname } }, 200);
    },
  );
  return app;
}

export { errors as errorResponses };
