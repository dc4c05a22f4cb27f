import type { Context } from 'hono';
import { networkApi, networkFailures } from '../../../contract/network.schema.ts';
import { eventTypeOfListener, NETWORK_SIGNATURE_HEADER } from '../../../contract/network.ts';
import { fail, ok } from '../../http/answers.ts';
import { requestFailures, serverFailures, UNAVAILABLE_RETRY_AFTER_S } from '../../../contract/common-failures.ts';
import { ChargesUnavailable } from '../../integrations/content/index.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { signedJson } from '../../http/signed.ts';
import { validNetworkSignature } from './integrations/network/signature.ts';
import { receiveNetworkEvent } from './network.service.ts';

/** The listener is a signed endpoint (http/signed.ts): configured, JSON, and the signature over the raw body, every request. */
export const signedByNetwork = signedJson({
  secret: (c) => c.get('config').network?.eventSecret,
  verify: (c, secret, rawBody) =>
    validNetworkSignature(secret, rawBody, c.req.header(NETWORK_SIGNATURE_HEADER), c.get('clock')().getTime()),
  refusal: networkFailures.badSignature,
});

export async function listener(c: Context<AppEnv>, { body }: Input<typeof networkApi.listener>) {
  return received(c, body);
}

/** TMF's listener path (`/panda/network/listener/serviceOrderStateChangeEvent`…): the path names the event type; 201. */
export async function tmfListener(c: Context<AppEnv>, { params, body }: Input<typeof networkApi.tmfListener>) {
  const eventType = eventTypeOfListener(params.event_name)!;
  if (body.eventType && body.eventType !== eventType)
    return fail(c, { ...requestFailures.invalid, message: `This listener takes ${eventType}, not ${body.eventType}.` });
  return received(c, { ...body, eventType }, networkApi.tmfListener);
}

async function received(
  c: Context<AppEnv>,
  event: Input<typeof networkApi.listener>['body'],
  answered: typeof networkApi.listener | typeof networkApi.tmfListener = networkApi.listener,
) {
  // Hono makes c.var anew at each read: the listener, the network's busiest path, reads it once.
  const { db, clock, content, config, log, push } = c.var;
  let result;
  try {
    result = await receiveNetworkEvent(
      { db, clock, rating: { charges: () => content.charges(), byNetwork: config.network?.ratesUsage ?? false } },
      event,
      await c.req.text(),
    );
  } catch (error) {
    if (!(error instanceof ChargesUnavailable)) throw error;
    // A deployment without its published prices: nothing is counted, and the network sends the use again.
    log?.error({ err: error }, 'usage not counted: the published charges are not there');
    c.header('retry-after', String(UNAVAILABLE_RETRY_AFTER_S));
    return fail(c, serverFailures.unavailable);
  }
  if (result.outcome === 'applied' && /Jeopardy|InformationRequired/.test(event.eventType))
    log?.warn({ eventType: event.eventType, event: event.event }, 'the network says an order needs attention');
  else if (event.eventType === 'ServiceOrderMilestoneEvent')
    log?.info({ event: event.event }, 'an order passed a milestone');
  // What the use's domain needs at once (an alert crossed now, a roaming notice's push), not at the next minute's job.
  await result.followUp?.({
    db,
    clock,
    push,
    pushOrigins: config.push?.endpointOrigins ?? [],
    siteUrl: config.siteUrl,
  });
  return ok(c, answered, {
    _payload: { outcome: result.outcome, ...(result.usage ? { usage: result.usage } : {}) },
  });
}
