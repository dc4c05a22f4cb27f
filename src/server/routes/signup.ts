import { randomUUID } from 'node:crypto';
import { createRoute, z } from '@hono/zod-openapi';
import { and, eq, sql } from 'drizzle-orm';
import { sign } from 'hono/jwt';
import { AccountSchema, PasswordSchema, SignUpBodySchema } from '../../contract/account.ts';
import { accountMessages, onboardingMessages } from '../../contract/messages.ts';
import type { CaptchaAdapter } from '../integrations/captcha/index.ts';
import { type Database, isUniqueViolation } from '../db/client.ts';
import { members, sessions } from '../db/schema.ts';
import { fail, jsonContent, router, type AppConfig } from '../http.ts';
import { consumeEmailToken, issueEmailToken } from '../services/email-tokens.ts';
import { helpdeskSsoUrl } from '../integrations/helpdesk/index.ts';
import { sendMail } from '../services/mail.ts';
import { hashPassword } from '../services/passwords.ts';
import type { Clock } from '../services/clock.ts';
import { accountOf, byIp, clientIp, emailField, errorResponses, limitBy, openSession, protectedHeaders, userParams } from './auth.ts';

const messageBody = z.object({ _payload: z.object({ message: z.string() }) });
const emailForm = z.object({ email: z.email({ error: 'email must be an e-mail address' }).max(254, { error: 'email is too long' }) });


async function sendVerification(db: Database, clock: Clock, member: { id: number; email: string; firstname: string }, origin: string) {
  const { token, code } = await issueEmailToken(db, member.id, 'verify', clock);
  await sendMail(db, clock, {
    to: member.email,
    subject: 'Verify your e-mail address for 48',
    body: `Hi ${member.firstname},\n\nYour verification code is ${code}.\nOr open this link: ${origin}/sign-up?verify=${token}\n\nThe code and the link work once, for 24 hours.\n\n48`,
  });
}

export function signUpRoutes(config: AppConfig, captcha: CaptchaAdapter) {
  const app = router();
  const { windowMs } = config.rateLimit;

  app.use('/panda/public/users', limitBy(windowMs, 20, byIp('signup')));
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/public/users', tags: ['Sign-up'], summary: 'Create an account; it is signed in and sent a verification e-mail',
      request: { body: { required: true, content: { 'application/json': { schema: SignUpBodySchema } } } },
      responses: { 201: jsonContent(z.object({ _payload: z.object({ account: AccountSchema }) }), 'Created and signed in (headers as for log-in)'), 409: jsonContent(messageBody, 'The e-mail address is taken'), ...errorResponses },
    }),
    async (c) => {
      const body = c.req.valid('json');
      if (!(await captcha.verify(body.captcha, { db: c.var.db, now: c.var.clock(), ip: clientIp(c), action: 'sign_up' }))) return fail(c, 400, onboardingMessages.captchaFailed);
      const passwordHash = await hashPassword(body.password);
      let member: typeof members.$inferSelect;
      try {
        [member] = (await c.var.db
          .insert(members)
          .values({ email: body.email, passwordHash, firstname: body.firstname, lastname: body.lastname, nickname: body.nickname ?? body.firstname, isVerified: false, firstLogin: true, isNewMembership: true, createdAt: c.var.clock() })
          .returning()) as [typeof members.$inferSelect];
      } catch (error) {
        // The database's case-insensitive unique index decides, also for two sign-ups at once.
        if (isUniqueViolation(error)) return fail(c, 409, accountMessages.emailTaken);
        throw error;
      }
      await sendVerification(c.var.db, c.var.clock, member, new URL(c.req.url).origin);
      await openSession(c, member, config);
      return c.json({ _payload: { account: accountOf(member) } }, 201);
    },
  );

  const perMember = limitBy(windowMs, 10, (c) => `verify:${c.req.param('user_id') ?? ''}`);
  app.use('/panda/protected/users/:user_id/generate-token', perMember);
  app.use('/panda/protected/users/:user_id/email/verify/*', perMember);

  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/generate-token', tags: ['Sign-up'],
      summary: 'Send a new verification e-mail; with an e-mail in the form body, change the address first',
      request: { headers: protectedHeaders, params: userParams, body: { required: false, content: { 'application/x-www-form-urlencoded': { schema: emailForm.partial() } } } },
      responses: { 200: jsonContent(messageBody, 'Sent'), 409: jsonContent(messageBody, 'The e-mail address is taken'), ...errorResponses },
    }),
    async (c) => {
      let member = c.var.member;
      const email = c.req.valid('form').email;
      if (email && email.toLowerCase() !== member.email.toLowerCase()) {
        try {
          [member] = (await c.var.db.update(members).set({ email, isVerified: false }).where(eq(members.id, member.id)).returning()) as [typeof members.$inferSelect];
        } catch (error) {
          if (isUniqueViolation(error)) return fail(c, 409, accountMessages.emailTaken);
          throw error;
        }
      }
      await sendVerification(c.var.db, c.var.clock, member, new URL(c.req.url).origin);
      return c.json({ _payload: { message: accountMessages.verificationSent } }, 200);
    },
  );

  // Hono routes /verify/{x} to the first matching route, so the code form (6 digits and ?force=true)
  // and the link form share one path and are told apart here.
  app.openapi(
    createRoute({
      method: 'post', path: '/panda/protected/users/{user_id}/email/verify/{token}', tags: ['Sign-up'],
      summary: 'Verify the e-mail address with the link token, or with the 6-digit code and ?force=true',
      request: {
        headers: protectedHeaders,
        params: userParams.extend({ token: z.string().regex(/^([0-9]{6}|[A-Za-z0-9_-]{20,100})$/, { error: 'must be the link token or the 6-digit code' }) }),
        query: z.object({ force: z.enum(['true', 'false'], { error: 'force must be true or false' }).optional() }),
      },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ message: z.string(), account: AccountSchema }) }), 'Verified'), ...errorResponses },
    }),
    async (c) => {
      const secret = c.req.valid('param').token;
      const byCode = c.req.valid('query').force === 'true' && /^[0-9]{6}$/.test(secret);
      const memberId = c.var.member.id;
      // Using the token and marking the address verified are one change.
      const member = await c.var.db.transaction(async (tx) => {
        const used = await consumeEmailToken(tx, 'verify', byCode ? { code: secret, memberId } : { token: secret, memberId }, c.var.clock);
        if (used === null) return null;
        return (await tx.update(members).set({ isVerified: true }).where(eq(members.id, memberId)).returning())[0]!;
      });
      if (!member) return fail(c, 400, accountMessages.verificationInvalid);
      return c.json({ _payload: { message: accountMessages.verified, account: accountOf(member) } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/update-email', tags: ['Sign-up'], summary: 'The account’s e-mail address and whether it is verified',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ email: z.string(), is_verified: z.boolean() }) }), 'E-mail state'), ...errorResponses },
    }),
    (c) => c.json({ _payload: { email: c.var.member.email, is_verified: c.var.member.isVerified } }, 200),
  );

  // Password recovery. The answers never say whether an address has an account.
  const recoveryLimit = limitBy(windowMs, 10, byIp('recovery'));
  app.use('/panda/public/users/authentication-removed/*', recoveryLimit);
  // In Hono, /password-recovery/* matches /password-recovery too: one registration, one count.
  app.use('/panda/public/users/password-recovery/*', recoveryLimit);
  // Per account as well, so nobody can flood one member's inbox.
  app.use('/panda/public/users/password-recovery', limitBy(windowMs, 5, async (c) => `recovery:email:${await emailField(c, 'email')}`));

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/public/users/authentication-removed/{email}', tags: ['Password recovery'],
      summary: 'First step of a reset: checks the address is well formed (never whether it has an account)',
      request: { params: z.object({ email: z.email({ error: 'must be an e-mail address' }).max(254) }) },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ can_request_reset: z.boolean() }) }), 'Ready for a reset request'), ...errorResponses },
    }),
    (c) => c.json({ _payload: { can_request_reset: true } }, 200),
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/panda/public/users/password-recovery', tags: ['Password recovery'], summary: 'Send a reset link to the address, if it has an account',
      request: { body: { required: true, content: { 'application/x-www-form-urlencoded': { schema: emailForm } } } },
      responses: { 200: jsonContent(messageBody, 'Sent if the account exists'), ...errorResponses },
    }),
    async (c) => {
      const { email } = c.req.valid('form');
      const [member] = await c.var.db.select().from(members).where(eq(sql`lower(${members.email})`, email.toLowerCase()));
      if (member) {
        const { token } = await issueEmailToken(c.var.db, member.id, 'reset', c.var.clock);
        await sendMail(c.var.db, c.var.clock, {
          to: member.email,
          subject: 'Set a new password for 48',
          body: `Hi ${member.firstname},\n\nOpen this link to set a new password: ${new URL(c.req.url).origin}/forgot-password?token=${token}\n\nIt works once, for one hour. If you did not ask for it, ignore this e-mail.\n\n48`,
        });
      }
      return c.json({ _payload: { message: accountMessages.recoverySent } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'post', path: '/panda/public/users/password-recovery/token-email', tags: ['Password recovery'],
      summary: 'Set a new password with the token from the e-mail; every session of the account ends',
      request: { body: { required: true, content: { 'application/json': { schema: z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { error: 'token is not valid' }), password: PasswordSchema }) } } } },
      responses: { 200: jsonContent(messageBody, 'Password set'), ...errorResponses },
    }),
    async (c) => {
      const { token, password } = c.req.valid('json');
      const passwordHash = await hashPassword(password);
      // Using the token, setting the password and ending the sessions are one change: a failure
      // half-way leaves the link usable and the old password in place.
      const done = await c.var.db.transaction(async (tx) => {
        const memberId = await consumeEmailToken(tx, 'reset', { token }, c.var.clock);
        if (memberId === null) return false;
        await tx.update(members).set({ passwordHash, isPasswordCompliant: true }).where(eq(members.id, memberId));
        await tx.update(sessions).set({ endedAt: c.var.clock() }).where(and(eq(sessions.memberId, memberId), sql`${sessions.endedAt} is null`));
        return true;
      });
      if (!done) return fail(c, 400, accountMessages.resetInvalid);
      return c.json({ _payload: { message: 'Your new password is set. Log in with it.' } }, 200);
    },
  );

  app.openapi(
    createRoute({
      method: 'get', path: '/panda/protected/users/{user_id}/sso', tags: ['Help desk'],
      summary: 'The help-desk single sign-on token: a JWT (HS512) with jti, name, email and organization 48, valid 5 minutes',
      request: { headers: protectedHeaders, params: userParams },
      responses: { 200: jsonContent(z.object({ _payload: z.object({ sso: z.string(), url: z.string().nullable() }) }), 'The signed token and the help-desk address to send it to (null when no help desk is configured)'), ...errorResponses },
    }),
    async (c) => {
      const m = c.var.member;
      const iat = Math.floor(c.var.clock().getTime() / 1000);
      const sso = await sign(
        { jti: randomUUID(), iat, exp: iat + 300, name: `${m.firstname} ${m.lastname}`, email: m.email, organization: '48' },
        config.helpdeskSecret,
        'HS512',
      );
      return c.json({ _payload: { sso, url: helpdeskSsoUrl(config, sso) } }, 200);
    },
  );

  return app;
}

