import type { Context } from 'hono';
import { onboardingApi, onboardingFailures } from '../../../../contract/onboarding.schema.ts';
import { ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { activateSim as activate } from './onboarding.service.ts';

export async function captcha(c: Context<AppEnv>) {
  c.header('cache-control', 'no-store');
  return ok(c, onboardingApi.captcha, { _payload: await c.var.captcha.offer(c.var.clock()) });
}

export async function activateSim(c: Context<AppEnv>, { body }: Input<typeof onboardingApi.activateSim>) {
  return reply(
    c,
    onboardingApi.activateSim,
    onboardingFailures,
    await activate(c.var, c.var.member.id, body.ssn),
    (value) => ({ _payload: { sim: value } }),
  );
}
