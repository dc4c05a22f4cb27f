import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Context } from 'hono';
import { passkeyFailures, passkeyMessages, passkeysApi } from '../../../../contract/passkeys.schema.ts';
import { STEP_UP_HEADER } from '../../../../contract/step-up.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { accountOf, openSession } from '../session-cookie.ts';
import * as service from './passkeys.service.ts';

type C = Context<AppEnv>;

/**
 * The relying party (docs/product/phone.md): in production the hostname and origin of SITE_URL; in development
 * the request's own (localhost), since WebAuthn refuses IP addresses and a tried portal has no domain.
 */
function relyingParty(c: C): service.RelyingParty {
  const fixed = c.var.config.relyingParty;
  if (fixed) return fixed;
  return { id: new URL(c.var.client.origin).hostname, origin: c.var.client.origin };
}

export const list = async (c: C) =>
  ok(c, passkeysApi.list, { _payload: { values: await service.passkeysOf(c.var, c.var.member.id) } });

export async function registrationOptions(c: C, { body }: Input<typeof passkeysApi.registrationOptions>) {
  return reply(
    c,
    passkeysApi.registrationOptions,
    passkeyFailures,
    await service.startRegistration(c.var, c.var.member, relyingParty(c), {
      password: body.password,
      code: c.req.header(STEP_UP_HEADER),
    }),
    (value) => ({ _payload: { options: value as { challenge: string } } }),
  );
}

export async function register(c: C, { body }: Input<typeof passkeysApi.register>) {
  return reply(
    c,
    passkeysApi.register,
    passkeyFailures,
    await service.finishRegistration(
      c.var,
      c.var.member,
      relyingParty(c),
      body.name,
      body.credential as unknown as RegistrationResponseJSON,
    ),
  );
}

export async function remove(c: C, { params, body }: Input<typeof passkeysApi.remove>) {
  return reply(
    c,
    passkeysApi.remove,
    passkeyFailures,
    await service.removePasskey(c.var, c.var.member, Number(params.passkey_id), {
      password: body?.password,
      code: c.req.header(STEP_UP_HEADER),
    }),
    () => ({ _payload: { message: passkeyMessages.removed } }),
  );
}

export const signInOptions = async (c: C) =>
  ok(c, passkeysApi.signInOptions, {
    _payload: { options: (await service.startSignIn(c.var, relyingParty(c))) as { challenge: string } },
  });

/** A passkey sign-in opens the session of a password log-in: the same cookies, headers and account. */
export async function signIn(c: C, { body }: Input<typeof passkeysApi.signIn>) {
  const outcome = await service.finishSignIn(
    c.var,
    relyingParty(c),
    body.credential as unknown as AuthenticationResponseJSON,
  );
  if (!outcome.ok) return fail(c, passkeyFailures[outcome.reason]);
  await openSession(c, outcome.value, c.var.config);
  return ok(c, passkeysApi.signIn, { _payload: { account: accountOf(outcome.value), email: outcome.value.email } });
}
