import type { Context } from 'hono';
import { contactApi, contactFailures } from '../../../contract/contact.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import { personAnswered } from '../../http/limiters.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { receiveMessage } from './contact.service.ts';

export async function send(c: Context<AppEnv>, { body }: Input<typeof contactApi.send>) {
  if (!(await personAnswered(c, body.captcha, 'contact'))) return fail(c, contactFailures.captchaFailed);
  const { captcha: _captcha, ...message } = body;
  const received = await receiveMessage(c.var, message, c.var.config.siteUrl);
  return ok(c, contactApi.send, { _payload: received });
}
