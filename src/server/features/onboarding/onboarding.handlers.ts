import type { Context } from 'hono';
import { onboardingApi, onboardingFailures } from '../../../contract/onboarding.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { activateSim as activate } from './onboarding.service.ts';

export async function captcha(c: Context<AppEnv>) {
  c.header('cache-control', 'no-store');
  return ok(c, onboardingApi.captcha, { _payload: await c.var.captcha.offer(c.var.clock()) });
}

export async function activateSim(c: Context<AppEnv>, { body }: Input<typeof onboardingApi.activateSim>) {
  const outcome = await activate(c.var, c.var.member.id, body.ssn);
  if (!outcome.ok) return fail(c, onboardingFailures[outcome.reason]);
  return ok(c, onboardingApi.activateSim, { _payload: { sim: outcome.value } });
}
