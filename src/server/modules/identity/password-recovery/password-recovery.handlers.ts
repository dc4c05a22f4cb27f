import type { Context } from 'hono';
import {
  passwordRecoveryApi,
  passwordRecoveryFailures,
  passwordRecoveryMessages,
} from '../../../../contract/password-recovery.schema.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { mailResetLink, setPasswordWithToken } from './password-recovery.service.ts';

export function canReset(c: Context<AppEnv>) {
  return ok(c, passwordRecoveryApi.canReset, { _payload: { can_request_reset: true } });
}

export async function requestReset(c: Context<AppEnv>, { body }: Input<typeof passwordRecoveryApi.requestReset>) {
  await mailResetLink(c.var, body.email, c.var.config.siteUrl);
  return ok(c, passwordRecoveryApi.requestReset, { _payload: { message: passwordRecoveryMessages.recoverySent } });
}

export async function setPassword(c: Context<AppEnv>, { body }: Input<typeof passwordRecoveryApi.setPassword>) {
  return reply(
    c,
    passwordRecoveryApi.setPassword,
    passwordRecoveryFailures,
    await setPasswordWithToken(c.var, body.token, body.password),
    () => ({ _payload: { message: passwordRecoveryMessages.passwordSet } }),
  );
}
