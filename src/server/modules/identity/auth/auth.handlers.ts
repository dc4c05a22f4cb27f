import type { Context } from 'hono';
import { authApi, authFailures } from '../../../../contract/auth.schema.ts';
import { LoginForm } from '../../../../contract/forms.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { accountOf, clearBinding, openSession } from '../session-cookie.ts';
import { checkCredentials, logOut as endIt, markFirstLoginDone, nicknameOf } from './auth.service.ts';

export async function logIn(c: Context<AppEnv>, { body }: { body: unknown }) {
  // Either content type is accepted; anything else (or nothing) has no credentials in it.
  const parsed = LoginForm.safeParse(body);
  if (!parsed.success) return fail(c, authFailures.badLoginBody);
  const outcome = await checkCredentials(c.var, parsed.data.username, parsed.data.password);
  if (!outcome.ok) return fail(c, authFailures[outcome.reason]);
  await openSession(c, outcome.value, c.var.config);
  return ok(c, authApi.logIn, { _payload: { account: accountOf(outcome.value) } });
}

export async function logOut(c: Context<AppEnv>) {
  await endIt(c.var, c.var.sessionId);
  clearBinding(c);
  return ok(c, authApi.logOut, { _payload: { message: 'Signed out' } });
}

export async function firstLoginDone(c: Context<AppEnv>) {
  return ok(c, authApi.firstLoginDone, {
    _payload: { account: accountOf(await markFirstLoginDone(c.var, c.var.member.id)) },
  });
}

export async function nickname(c: Context<AppEnv>, { params }: Input<typeof authApi.nickname>) {
  return reply(c, authApi.nickname, authFailures, await nicknameOf(c.var, Number(params.id)), (value) => ({
    _payload: { nickname: value },
  }));
}
