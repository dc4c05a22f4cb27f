import type { Context } from 'hono';
import {
  passwordRecoveryApi,
  passwordRecoveryFailures,
  passwordRecoveryMessages,
} from '../../../contract/password-recovery.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { mailResetLink, setPasswordWithToken } from './password-recovery.service.ts';

export function canReset(c: Context<AppEnv>) {
  return ok(c, passwordRecoveryApi.canReset, { _payload: { can_request_reset: true } });
}

export async function requestReset(c: Context<AppEnv>, { body }: Input<typeof passwordRecoveryApi.requestReset>) {
  await mailResetLink(c.var, body.email, c.var.config.siteUrl);
  return ok(c, passwordRecoveryApi.requestReset, { _payload: { message: passwordRecoveryMessages.recoverySent } });
}

export async function setPassword(c: Context<AppEnv>, { body }: Input<typeof passwordRecoveryApi.setPassword>) {
  const outcome = await setPasswordWithToken(c.var, body.token, body.password);
  if (!outcome.ok) return fail(c, passwordRecoveryFailures[outcome.reason]);
  return ok(c, passwordRecoveryApi.setPassword, { _payload: { message: passwordRecoveryMessages.passwordSet } });
}
