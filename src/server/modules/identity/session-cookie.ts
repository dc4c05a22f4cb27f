import type { Context } from 'hono';
import { setCookie } from 'hono/cookie';
import type { Account } from '../../../contract/auth.schema.ts';
import { SESSION_MAX_MS } from '../../../contract/constants.ts';
import type { AppConfig } from '../../config.ts';
import type { members } from '../../db/schema.ts';
import { startSession } from './sessions.ts';
import { keepLanguage } from '../../http/answers.ts';
import { encryptEmv, xsrfTokenFor } from '../../kernel/tokens.ts';
import type { AppEnv } from '../../http/router.ts';

/** The HttpOnly cookie that binds a session token to the browser it was given to. */
export const BINDING_COOKIE = 'gg_bind';

/** A member as the API answers it (spec section 4, "Account"). */
export function accountOf(m: typeof members.$inferSelect): Account {
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

/**
 * Starts a session and puts it on the response: x-gg-auth (the token), x-gg-emv (the
 * encrypted e-mail-verified flag), the HttpOnly binding cookie, the XSRF-TOKEN cookie and the
 * member's language (the `lang` cookie).
 */
export async function openSession(c: Context<AppEnv>, member: typeof members.$inferSelect, config: AppConfig) {
  const session = await startSession(c.var.db, member.id, c.var.clock);
  // Secure when the client reached us (or the trusted proxy in front) over https.
  const secure = c.var.client.proto === 'https';
  const maxAge = Math.floor(SESSION_MAX_MS / 1000); // the server decides expiry; the cookie just outlives it
  setCookie(c, BINDING_COOKIE, session.binding, { httpOnly: true, sameSite: 'Lax', secure, path: '/panda', maxAge });
  setCookie(c, 'XSRF-TOKEN', xsrfTokenFor(session.tokenHash, config.sessionSecret), {
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge,
  });
  // The member's own language from now on, on this device (docs/product/languages.md).
  keepLanguage(c, member.language);
  c.header('x-gg-auth', session.token);
  c.header('x-gg-emv', encryptEmv(member.isVerified, config.emvKeyBase64));
  c.header('access-control-expose-headers', 'x-gg-auth, x-gg-emv');
  c.var.log.info({ memberId: member.id }, 'session started');
}

/** Ends the binding cookie with the session (log-out). */
export function clearBinding(c: Context) {
  setCookie(c, BINDING_COOKIE, '', { path: '/panda', maxAge: 0 });
}
