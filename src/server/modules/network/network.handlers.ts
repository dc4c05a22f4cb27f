import type { Context } from 'hono';
import { networkApi, networkFailures } from '../../../contract/network.schema.ts';
import { NETWORK_SIGNATURE_HEADER } from '../../../contract/network.ts';
import { ok } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { signedJson } from '../../http/signed.ts';
import { validNetworkSignature } from './integration/signature.ts';
import { runAlerts } from '../money/alerts.job.ts';
import { sendAlertPushes } from '../alerts/push.ts';
import { receiveNetworkEvent } from './network.service.ts';

/** The listener is a signed endpoint (http/signed.ts): configured, JSON, and the signature over the raw body, every request. */
export const signedByNetwork = signedJson({
  secret: (c) => c.var.config.network?.eventSecret,
  verify: (c, secret, rawBody) =>
    validNetworkSignature(secret, rawBody, c.req.header(NETWORK_SIGNATURE_HEADER), c.var.clock().getTime()),
  refusal: networkFailures.badSignature,
});

export async function listener(c: Context<AppEnv>, { body }: Input<typeof networkApi.listener>) {
  const received = await receiveNetworkEvent(c.var, body);
  if (received.alertsDue || received.pushesDue) {
    // Use that crossed 80 % or 100 % of the data: the alert now, not at the next minute's job; a
    // roaming notice was raised with the use abroad. Their pushes go now too.
    const jobs = { db: c.var.db, clock: c.var.clock };
    if (received.alertsDue) await runAlerts(jobs);
    await sendAlertPushes(jobs, c.var.push, c.var.config.push?.endpointOrigins ?? []);
  }
  return ok(c, networkApi.listener, {
    _payload: { outcome: received.outcome, ...(received.usage ? { usage: received.usage } : {}) },
  });
}
