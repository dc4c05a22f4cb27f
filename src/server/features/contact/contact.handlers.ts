import type { Context } from 'hono';
import { contactApi, contactFailures } from '../../../contract/contact.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import { clientIp } from '../../http/limiters.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { receiveMessage } from './contact.service.ts';

export async function send(c: Context<AppEnv>, { body }: Input<typeof contactApi.send>) {
  if (
    !(await c.var.captcha.verify(body.captcha, {
      db: c.var.db,
      now: c.var.clock(),
      ip: clientIp(c),
      action: 'contact',
    }))
  )
    return fail(c, contactFailures.captchaFailed);
  const { captcha: _captcha, ...message } = body;
  const received = await receiveMessage(c.var, { memberId: null }, message);
  return ok(c, contactApi.send, { _payload: received });
}
