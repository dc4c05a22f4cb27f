import type { Context } from 'hono';
import { contactApi, contactFailures } from '../../../../contract/contact.schema.ts';
import { fail, languageOf, ok } from '../../../http/answers.ts';
import { personAnswered } from '../../../http/limiters.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { keepUpload } from '../attachments.ts';
import { receiveMessage } from './contact.service.ts';

export async function send(c: Context<AppEnv>, { body }: Input<typeof contactApi.send>) {
  if (!(await personAnswered(c, body.captcha, 'contact'))) return fail(c, contactFailures.captchaFailed);
  const { captcha: _captcha, ...message } = body;
  // Its mails to a sender with no account in the page's language, else the visitor's chosen one.
  const language = body.language ?? languageOf(c);
  const received = await receiveMessage(c.var, c.var.signedIn, { ...message, language }, c.var.config.siteUrl);
  if (!received.ok) return fail(c, contactFailures[received.reason]);
  const { dueOn, ...answer } = received.value;
  return ok(c, contactApi.send, { _payload: { ...answer, due_on: dueOn } });
}

/** One file's bytes as the body (its size already held to the limit by the route). */
export async function upload(c: Context<AppEnv>, { query }: Input<typeof contactApi.upload>) {
  const bytes = new Uint8Array(await c.req.arrayBuffer());
  const kept = await keepUpload(c.var.db, c.var.clock, { name: query.filename, bytes });
  if (!kept.ok) return fail(c, contactFailures[kept.reason]);
  return ok(c, contactApi.upload, { _payload: kept.value });
}
