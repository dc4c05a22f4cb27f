import type { Context } from 'hono';
import type { Next } from 'hono';
import { helpdeskApi, helpdeskFailures } from '../../../contract/helpdesk.schema.ts';
import { fail, ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { helpdeskSsoUrl } from '../../integrations/helpdesk/index.ts';
import { recordDeskStep, ssoToken, validDeskSignature } from './helpdesk.service.ts';

export async function sso(c: Context<AppEnv>) {
  const token = await ssoToken(c.var.clock, c.var.member, c.var.config.helpdeskSecret);
  return ok(c, helpdeskApi.sso, { _payload: { sso: token, url: helpdeskSsoUrl(c.var.config, token) } });
}

/**
 * Before the body is read as JSON: the webhook is configured and the call signed over the raw body,
 * byte for byte (read as text first; the JSON is then parsed from the same text).
 */
export async function signedByDesk(c: Context<AppEnv>, next: Next) {
  // A body that is not JSON is refused by the contract (415) before anything is read.
  if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '')) return next();
  const secret = c.var.config.helpdeskWebhookSecret;
  if (!secret) return fail(c, helpdeskFailures.notConfigured);
  const signed = validDeskSignature(
    secret,
    await c.req.text(),
    c.req.header('x-zendesk-webhook-signature'),
    c.req.header('x-zendesk-webhook-signature-timestamp'),
    c.var.clock().getTime(),
  );
  if (!signed) return fail(c, helpdeskFailures.badSignature);
  return next();
}

export async function event(c: Context<AppEnv>, { body }: Input<typeof helpdeskApi.event>) {
  const outcome = await recordDeskStep(c.var, body);
  if (!outcome.ok) return fail(c, helpdeskFailures[outcome.reason]);
  return ok(c, helpdeskApi.event, { _payload: { message: `Recorded on ${body.external_id}.` } });
}
