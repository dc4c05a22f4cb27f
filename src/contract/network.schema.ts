import { z } from './zod.ts';
import { failures } from './endpoint.ts';
import { listenerNameOf, NETWORK_EVENT_TYPES } from './network.ts';
import { endpointsOf, payload } from './shared.schema.ts';

const eventTypes = z.enum(NETWORK_EVENT_TYPES, {
  error: `eventType must be one of ${NETWORK_EVENT_TYPES.join(', ')}`,
});

/**
 * An event from the network's hub (TMF688's envelope, which requires none of its fields): the
 * event's own fields are read by its type (modules/network), so an unknown shape inside is kept
 * aside rather than refused. Without `eventId` it is known by the hash of its body; without
 * `eventTime`, by when it came. Other envelope fields (correlationId, domain…) are let through.
 */
const envelope = {
  eventId: z.string().min(1).max(200).optional(),
  eventTime: z.iso.datetime({ offset: true, error: 'eventTime must be an ISO date-time' }).optional(),
  event: z.record(z.string(), z.unknown()).default({}),
};
export const NetworkEvent = z.looseObject({ ...envelope, eventType: eventTypes }).meta({ id: 'NetworkEvent' });
/** On a TMF listener path the path names the type; a body that names another is refused. */
export const NetworkEventAt = z
  .looseObject({ ...envelope, eventType: eventTypes.optional() })
  .meta({ id: 'NetworkEventAtListener' });

const ListenerAnswer = payload(
  z.object({
    outcome: z.enum(['applied', 'stale', 'deadLetter', 'duplicate', 'kept']),
    /** A use abroad: where it was counted and whether data is stopped. */
    usage: z
      .object({ zone: z.string(), refused: z.boolean(), stopped: z.boolean(), charged_cents: z.number().int() })
      .optional(),
  }),
);

const LISTENER_ERRORS = {
  401: 'No good signature (missing, wrong, or more than 300 s from our time), whatever the body says',
  404: 'No listener here (no NETWORK_EVENT_SECRET; the development secret only where the sandboxes answer)',
  413: 'The body is larger than 256 KB (refused before its signature is read)',
  415: 'The body is not application/json',
  503: 'The database is out of reach, or a use could not be priced (the published charges are not there): nothing was stored; send it again (Retry-After)',
} as const;

const endpoint = endpointsOf({ tag: 'Network', access: 'public' });

export const networkApi = {
  listener: endpoint({
    id: 'networkListener',
    moves: 'once',
    method: 'post',
    path: '/panda/network/listener',
    summary:
      'The mobile network\'s events (docs/product/network.md), any event type of TMF641, TMF635 and TMF638 named by eventType: an order\'s state (ServiceOrderStateChangeEvent), a use of a number (UsageCreateEvent), a line that ended (ServiceStateChangeEvent, terminated; PortOutEvent is its alias)… Signed: X-Network-Signature t=<unix s>,v1=<hex HMAC-SHA256 of "t.body">, 300 s window. Each event counts once by its eventId (without one, by the hash of its body).',
    body: NetworkEvent,
    answer: ListenerAnswer,
    description:
      'Received: applied, kept as history (a state older than the one held), kept aside (an unknown number or order: a dead letter), kept (nothing here acts on it), or a replay of an event already received',
    errors: LISTENER_ERRORS,
  }),
  tmfListener: endpoint({
    id: 'networkTmfListener',
    moves: 'once',
    method: 'post',
    path: '/panda/network/listener/{event_name}',
    status: 201,
    summary:
      "TM Forum's listener paths under the portal's callback /panda/network (registered at the network's hubs): /listener/serviceOrderStateChangeEvent, /listener/usageCreateEvent, /listener/serviceStateChangeEvent… The path names the event type. Signed and counted once as the generic listener.",
    params: z.object({
      event_name: z.enum(NETWORK_EVENT_TYPES.map(listenerNameOf) as [string, ...string[]], {
        error: 'No such TMF listener',
      }),
    }),
    body: NetworkEventAt,
    answer: ListenerAnswer,
    description: "Notified (TMF's 201): what became of the event, as the generic listener says",
    errors: { ...LISTENER_ERRORS, 400: 'The body names another eventType than the path' },
  }),
};

export const networkFailures = failures('network', {
  badSignature: { status: 401, message: 'Invalid or expired signature' },
});
