import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { NETWORK_EVENT_TYPES } from './network.ts';
import { endpointsOf, payload } from './shared.schema.ts';

/**
 * An event from the network's hub (TMF688-style envelope): the event's own fields are read by its
 * type (features/network), so an unknown shape inside is kept aside rather than refused.
 */
export const NetworkEvent = z
  .object({
    eventId: z.string().min(1).max(200),
    eventTime: z.iso.datetime({ offset: true, error: 'eventTime must be an ISO date-time' }),
    eventType: z.enum(NETWORK_EVENT_TYPES, {
      error: `eventType must be one of ${NETWORK_EVENT_TYPES.join(', ')}`,
    }),
    event: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'NetworkEvent' });

const endpoint = endpointsOf({ tag: 'Network', access: 'public' });

export const networkApi = {
  listener: endpoint({
    id: 'networkListener',
    moves: 'once',
    method: 'post',
    path: '/panda/network/listener',
    summary:
      'The mobile network\'s events (docs/product/network.md): an order\'s state (TMF641 ServiceOrderStateChangeEvent), a use of a number (TMF635 UsageCreateEvent), a number that left (PortOutEvent). Signed: X-Network-Signature t=<unix s>,v1=<hex HMAC-SHA256 of "t.body">, 300 s window. Each event counts once by its eventId.',
    body: NetworkEvent,
    answer: payload(
      z.object({
        outcome: z.enum(['applied', 'stale', 'deadLetter', 'duplicate']),
        /** A use abroad: where it was counted and whether data is stopped. */
        usage: z
          .object({ zone: z.string(), refused: z.boolean(), stopped: z.boolean(), charged_cents: z.number().int() })
          .optional(),
      }),
    ),
    description:
      'Received: applied, kept as history (a state older than the one held), kept aside (an unknown number or order: a dead letter), or a replay of an event already received',
    errors: {
      401: 'No good signature (missing, wrong, or more than 300 s from our time), whatever the body says',
      404: 'No listener here (no NETWORK_EVENT_SECRET; the development secret only where the sandboxes answer)',
      413: 'The body is larger than 256 KB (refused before its signature is read)',
      415: 'The body is not application/json',
      503: 'The database is out of reach, or a use could not be priced (the published charges are not there): nothing was stored; send it again (Retry-After)',
    },
  }),
};

export const networkFailures = failures('network', {
  badSignature: { status: 401, message: 'Invalid or expired signature' },
});
