/**
 * The mobile network's vocabulary (docs/product/network.md): the services the portal orders with
 * TM Forum's Service Ordering API (TMF641), the states an order goes through, and what the network
 * holds of a line. Names are contracts with the network.
 */
export const NETWORK_SERVICES = ['mobileLine', 'portIn', 'dataAccess'] as const;
export type NetworkService = (typeof NETWORK_SERVICES)[number];

export const NETWORK_ACTIONS = ['add', 'modify', 'delete'] as const;
export type NetworkAction = (typeof NETWORK_ACTIONS)[number];

/** `queued`: written, not yet accepted by the network; then TMF641's own states. */
export const NETWORK_ORDER_STATES = [
  'queued',
  'acknowledged',
  'inProgress',
  'completed',
  'failed',
  'rejected',
] as const;
export type NetworkOrderState = (typeof NETWORK_ORDER_STATES)[number];

/** The states an order ends in. */
export const NETWORK_ORDER_ENDS: readonly NetworkOrderState[] = ['completed', 'failed', 'rejected'];

/** How far along a state is: a state no further than the one held is history, not news. */
export const networkStateRank = (state: NetworkOrderState) =>
  state === 'queued' ? 0 : state === 'acknowledged' ? 1 : state === 'inProgress' ? 2 : 3;

/** What the network holds of a line: in service, or suspended (a SIM reported lost or stolen). */
export const LINE_STATES = ['active', 'suspended'] as const;
export type LineState = (typeof LINE_STATES)[number];

/** Why data is barred on the network (the `dataAccess` service's `reason`). */
export const DATA_BAR_REASONS = ['roamingCap', 'noAllowanceNoCredit', 'lostSim'] as const;
export type DataBarReason = (typeof DATA_BAR_REASONS)[number];

/** The events the network's hub sends to the listener. */
export const NETWORK_EVENT_TYPES = ['ServiceOrderStateChangeEvent', 'UsageCreateEvent', 'PortOutEvent'] as const;
export type NetworkEventType = (typeof NETWORK_EVENT_TYPES)[number];

/** What became of an event: applied, history (a state older than the one held), or kept aside. */
export const NETWORK_EVENT_OUTCOMES = ['applied', 'stale', 'deadLetter'] as const;

/** The signature header of the network's events, and how far its time may be from ours. */
export const NETWORK_SIGNATURE_HEADER = 'x-network-signature';
export const NETWORK_SIGNATURE_TOLERANCE_S = 300;
