/**
 * The mobile network's vocabulary (docs/product/network.md): the services the portal orders with
 * TM Forum's Service Ordering API (TMF641), the states an order goes through, and what the network
 * holds of a line. Names are contracts with the network.
 */
export const NETWORK_SERVICES = ['mobileLine', 'portIn', 'dataAccess', 'contentFilter', 'callBarring'] as const;
export type NetworkService = (typeof NETWORK_SERVICES)[number];

export const NETWORK_ACTIONS = ['add', 'modify', 'delete'] as const;
export type NetworkAction = (typeof NETWORK_ACTIONS)[number];

/** TMF641's ServiceOrderStateType, every value (the same in v4.0 and v4.1): the only states that come in. */
export const TMF_ORDER_STATES = [
  'acknowledged',
  'rejected',
  'pending',
  'held',
  'inProgress',
  'cancelled',
  'completed',
  'failed',
  'partial',
  'assessingCancellation',
  'pendingCancellation',
] as const;
export type TmfOrderState = (typeof TMF_ORDER_STATES)[number];

/** `queued`: written, not yet taken by the network (ours, never from outside); then TMF641's own states. */
export const NETWORK_ORDER_STATES = ['queued', ...TMF_ORDER_STATES] as const;
export type NetworkOrderState = (typeof NETWORK_ORDER_STATES)[number];

/**
 * The states an order ends in. Partly done (`partial`) is a failure of what did not complete, and
 * `cancelled` undoes its cause as a rejection does: only `completed` did what was asked.
 */
export const NETWORK_ORDER_ENDS: readonly NetworkOrderState[] = [
  'completed',
  'failed',
  'rejected',
  'partial',
  'cancelled',
];

/** The states in which the network holds an order back (the member sees "waiting for the network"). */
export const NETWORK_ORDER_WAITING: readonly NetworkOrderState[] = ['pending', 'held'];

/**
 * How far along a state is: queued, taken, under way (in progress, held, pending, a cancellation
 * being assessed: these go back and forth, so the later event decides among them), ended.
 */
export const networkStateRank = (state: NetworkOrderState) =>
  state === 'queued' ? 0 : state === 'acknowledged' ? 1 : NETWORK_ORDER_ENDS.includes(state) ? 3 : 2;

/** What the network holds of a line: in service, or suspended (a SIM reported lost or stolen). */
export const LINE_STATES = ['active', 'suspended'] as const;
export type LineState = (typeof LINE_STATES)[number];

/** Why data is barred on the network (the `dataAccess` service's `reason`). */
export const DATA_BAR_REASONS = ['roamingCap', 'noAllowanceNoCredit', 'lostSim', 'paused', 'householdCap'] as const;
export type DataBarReason = (typeof DATA_BAR_REASONS)[number];

/**
 * Every event of the TM Forum APIs the network speaks (TMF641 v4.0 and v4.1, TMF635, TMF638), each
 * taken and kept; and `PortOutEvent`, the documented alias of a number that left (TMF638's
 * `ServiceStateChangeEvent`, `terminated`). Each has its listener path, TMF's name:
 * `/panda/network/listener/{eventType with a small first letter}`.
 */
export const NETWORK_EVENT_TYPES = [
  'ServiceOrderCreateEvent',
  'ServiceOrderAttributeValueChangeEvent',
  'ServiceOrderStateChangeEvent',
  'ServiceOrderDeleteEvent',
  'ServiceOrderInformationRequiredEvent',
  'ServiceOrderMilestoneEvent',
  'ServiceOrderJeopardyEvent',
  'CancelServiceOrderCreateEvent',
  'CancelServiceOrderStateChangeEvent',
  'CancelServiceOrderInformationRequiredEvent',
  'UsageCreateEvent',
  'UsageAttributeValueChangeEvent',
  'UsageStateChangeEvent',
  'UsageDeleteEvent',
  'UsageSpecificationCreateEvent',
  'UsageSpecificationAttributeValueChangeEvent',
  'UsageSpecificationDeleteEvent',
  'ServiceCreateEvent',
  'ServiceAttributeValueChangeEvent',
  'ServiceStateChangeEvent',
  'ServiceDeleteEvent',
  'PortOutEvent',
] as const;
export type NetworkEventType = (typeof NETWORK_EVENT_TYPES)[number];

/** An event type's TMF listener path segment: `serviceOrderStateChangeEvent`. */
export const listenerNameOf = (type: NetworkEventType) => `${type[0]!.toLowerCase()}${type.slice(1)}`;
/** The event type a TMF listener path names, or undefined. */
export const eventTypeOfListener = (name: string): NetworkEventType | undefined =>
  NETWORK_EVENT_TYPES.find((t) => listenerNameOf(t) === name);

/** The network's hubs the portal registers its callback at (TMF641, TMF635, TMF638), by their API path. */
export const NETWORK_HUBS = {
  serviceOrdering: 'serviceOrdering/v4/hub',
  usageManagement: 'usageManagement/v4/hub',
  serviceInventory: 'serviceInventory/v4/hub',
} as const;
export type NetworkHub = keyof typeof NETWORK_HUBS;

/**
 * What became of an event: applied, history (a state older than the one held), kept aside (a dead
 * letter: an unknown number or order, or unreadable), or kept (taken; nothing here acts on it).
 */
export const NETWORK_EVENT_OUTCOMES = ['applied', 'stale', 'deadLetter', 'kept'] as const;

/** The signature header of the network's events, and how far its time may be from ours. */
export const NETWORK_SIGNATURE_HEADER = 'x-network-signature';
export const NETWORK_SIGNATURE_TOLERANCE_S = 300;
