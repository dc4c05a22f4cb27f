import type { Context } from 'hono';
import { signUpApi, signUpFailures, signUpMessages } from '../../../../contract/sign-up.schema.ts';
import { fail, languageOf, ok, reply } from '../../../http/answers.ts';
import { personAnswered } from '../../../http/limiters.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { accountOf, openSession } from '../session-cookie.ts';
import { createMember, resendVerification, verifyEmail as verify } from './sign-up.service.ts';

/** Links in mail point at SITE_URL: a forged Host or X-Forwarded-Host must never choose where a token goes. */
const siteOf = (c: Context<AppEnv>) => c.var.config.siteUrl;

export async function signUp(c: Context<AppEnv>, { body }: Input<typeof signUpApi.signUp>) {
  if (!(await personAnswered(c, body.captcha, 'sign_up'))) return fail(c, signUpFailures.captchaFailed);
  const outcome = await createMember(c.var, { ...body, language: body.language ?? languageOf(c) }, siteOf(c));
  if (!outcome.ok) return fail(c, signUpFailures[outcome.reason]);
  await openSession(c, outcome.value, c.var.config);
  return ok(c, signUpApi.signUp, { _payload: { account: accountOf(outcome.value) } });
}

export async function sendVerification(c: Context<AppEnv>, { body }: Input<typeof signUpApi.sendVerification>) {
  return reply(
    c,
    signUpApi.sendVerification,
    signUpFailures,
    await resendVerification(c.var, c.var.member, body?.email, siteOf(c)),
    () => ({ _payload: { message: signUpMessages.verificationSent } }),
  );
}

export async function verifyEmail(c: Context<AppEnv>, { params, query }: Input<typeof signUpApi.verifyEmail>) {
  const byCode = query.force === 'true' && /^[0-9]{6}$/.test(params.token);
  return reply(
    c,
    signUpApi.verifyEmail,
    signUpFailures,
    await verify(c.var, c.var.member.id, byCode ? { code: params.token } : { token: params.token }),
    (value) => ({
      _payload: { message: signUpMessages.verified, account: accountOf(value) },
    }),
  );
}

export function emailState(c: Context<AppEnv>) {
  return ok(c, signUpApi.emailState, { _payload: { email: c.var.member.email, is_verified: c.var.member.isVerified } });
}
