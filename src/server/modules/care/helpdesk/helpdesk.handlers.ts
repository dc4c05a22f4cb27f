import type { Context } from 'hono';
import { helpdeskApi, helpdeskFailures } from '../../../../contract/helpdesk.schema.ts';
import { fail, ok, reply } from '../../../http/answers.ts';
import type { Input } from '../../../http/openapi.ts';
import type { AppEnv } from '../../../http/router.ts';
import { signedJson } from '../../../http/signed.ts';
import { helpdeskSsoUrl } from '../integrations/helpdesk/index.ts';
import { recordDeskStep, ssoToken, validDeskSignature } from './helpdesk.service.ts';

export async function sso(c: Context<AppEnv>) {
  // The desk knows a person by their address: it signs in only an address the member proved.
  if (!c.var.member.isVerified) return fail(c, helpdeskFailures.unverified);
  const token = await ssoToken(c.var.clock, c.var.member, c.var.config.helpdeskSecret);
  return ok(c, helpdeskApi.sso, { _payload: { sso: token, url: helpdeskSsoUrl(c.var.config, token) } });
}

/**
 * The webhook is a signed endpoint (http/signed.ts): configured, JSON, and signed over the raw body
 * byte for byte, as Zendesk signs webhooks, on every request before the body is parsed.
 */
export const signedByDesk = signedJson({
  secret: (c) => c.var.config.helpdeskWebhookSecret,
  verify: (c, secret, rawBody) =>
    validDeskSignature(
      secret,
      rawBody,
      c.req.header('x-zendesk-webhook-signature'),
      c.req.header('x-zendesk-webhook-signature-timestamp'),
      c.var.clock().getTime(),
    ),
  refusal: helpdeskFailures.badSignature,
});

export async function event(c: Context<AppEnv>, { body }: Input<typeof helpdeskApi.event>) {
  return reply(c, helpdeskApi.event, helpdeskFailures, await recordDeskStep(c.var, body), () => ({
    _payload: { message: `Recorded on ${body.external_id}.` },
  }));
}
