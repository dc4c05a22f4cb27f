import type { NetworkAction, NetworkHub, NetworkOrderState, NetworkService } from '../../../../../contract/network.ts';

/** What the sandbox network holds and how it says it in TM Forum's shapes (TMF641 orders, TMF638 services). */

/** An order as the sandbox network holds it. */
export interface SandboxOrder {
  id: string;
  externalId: string;
  service: NetworkService;
  action: NetworkAction;
  state: NetworkOrderState;
  msisdn: string | null;
  characteristics: Record<string, string | boolean>;
  reason: string | null;
  /** What a completed order carries back (an eSIM's activation code). */
  result: Record<string, string>;
  orderDate: Date;
}

/** An event the sandbox sent, and how the listener answered. */
export interface SentEvent {
  at: Date;
  type: string;
  about: string;
  /** Where it went: the registered callback's TMF listener path, or the generic listener when none is registered. */
  to: string;
  status: number | string;
}

/** The hub an event type's API keeps its subscriptions at. */
export const hubOf = (eventType: string): NetworkHub =>
  eventType.startsWith('Usage')
    ? 'usageManagement'
    : /^Service(Create|AttributeValueChange|StateChange|Delete)Event$/.test(eventType)
      ? 'serviceInventory'
      : 'serviceOrdering';

export interface SandboxNetworkOptions {
  /** Signs the events it sends (NETWORK_EVENT_SECRET). */
  secret: string;
  /** How long after acceptance an order moves on by itself; null: only by hand (the page, a test). */
  delayMs: number | null;
  /** The lines in service before the sandbox took any order (the database's), read when first needed. */
  linesInService?: () => Promise<{ msisdn: string; state: string }[]>;
  /** One of them by its number: what an order or a lookup needs, without reading them all. */
  lineInService?: (msisdn: string) => Promise<{ msisdn: string; state: string } | undefined>;
  /** The reasons a number's data stands barred by the orders it completed before (the database's), read once a number. */
  dataBarsOf?: (msisdn: string) => Promise<string[]>;
  /**
   * The prepaid balances its charging system keeps (TMF654): the sandbox mirrors the portal's credit
   * (it charges what the portal charges), each moved by what an operator set by hand to try the
   * reconciliation; none: it keeps no balances (TMF654 answers 404).
   */
  balancesHeld?: () => Promise<{ msisdn: string; cents: number }[]>;
  /** The time it signs and dates its events with (the app's clock). */
  clock?: () => Date;
}

/**
 * A port-in from a number ending 998 waits for its donor network, which never answers by itself:
 * acknowledged (the number being checked) until someone completes or fails it by hand. A donor
 * slow to answer, and a port-in that stays in progress for as long as one needs to look at it.
 */
export const waitsForDonor = (o: { service: string; state: string; msisdn: string | null }) =>
  o.service === 'portIn' && o.state === 'acknowledged' && !!o.msisdn?.endsWith('998');

/** An order in TMF641's shape, as the sandbox answers it and sends it in its events. */
export const serviceOrderOf = (o: SandboxOrder, at: Date) => ({
  id: o.id,
  href: `/sandbox/network/tmf-api/serviceOrdering/v4/serviceOrder/${o.id}`,
  externalId: o.externalId,
  state: o.state,
  orderDate: o.orderDate.toISOString(),
  ...(o.state === 'completed' ? { completionDate: at.toISOString() } : {}),
  ...(o.reason
    ? {
        // v4.0 says why in a note, v4.1 in errorMessage: both, so either reader knows.
        note: [{ id: '1', date: at.toISOString(), author: 'network', text: o.reason, '@type': 'Note' }],
        errorMessage: [{ code: 'rejected', reason: o.reason, message: o.reason, '@type': 'ServiceOrderErrorMessage' }],
      }
    : {}),
  serviceOrderItem: [
    {
      id: '1',
      action: o.action,
      state: o.state,
      service: {
        ...(o.msisdn ? { id: o.msisdn } : {}),
        serviceSpecification: { id: o.service, name: o.service },
        serviceCharacteristic: Object.entries({ ...o.characteristics, ...o.result }).map(([name, value]) => ({
          name,
          value,
        })),
      },
    },
  ],
  '@type': 'ServiceOrder',
});

/** A mobile line's service in TMF638's shape, for an event about it: its state, its number and what the event says of it. */
export const lineServiceEvent = (
  id: string,
  msisdn: string,
  state: 'active' | 'terminated',
  said: Record<string, string>,
  endDate?: Date,
) => ({
  service: {
    id,
    href: `/sandbox/network/tmf-api/serviceInventory/v4/service/${id}`,
    state,
    ...(endDate ? { endDate: endDate.toISOString() } : {}),
    serviceSpecification: { id: 'mobileLine', name: 'mobileLine' },
    serviceCharacteristic: [
      { name: 'msisdn', value: msisdn },
      ...Object.entries(said).map(([name, value]) => ({ name, value })),
    ],
  },
});
