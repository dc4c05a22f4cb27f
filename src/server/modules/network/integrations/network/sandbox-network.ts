import { randomBytes, randomUUID } from 'node:crypto';
import { ESIM_SMDP_ADDRESS } from '../../../../../contract/sim-settings.ts';
import {
  listenerNameOf,
  NETWORK_HUBS,
  type NetworkAction,
  type NetworkEventType,
  type NetworkHub,
  type NetworkOrderState,
  type NetworkService,
} from '../../../../../contract/network.ts';
import { irishDayOf } from '../../../../../contract/irish-time.ts';
import { networkSignature } from './signature.ts';
import {
  hubOf,
  lineServiceEvent,
  serviceOrderOf,
  waitsForDonor,
  type SandboxNetworkOptions,
  type SandboxOrder,
  type SentEvent,
} from './sandbox-shapes.ts';

export type { SandboxNetworkOptions, SandboxOrder, SentEvent } from './sandbox-shapes.ts';

/** Why the sandbox rejects an order for a number ending 999 (a donor or HLR refusing it). */
export const SANDBOX_REJECTION = 'The network could not match the number to the details given.';

const KEEP = 20_000;

/** The OAuth client the sandbox network knows (the embedded default's adapter logs in with it). */
export const SANDBOX_NETWORK_CLIENT = { clientId: 'portal-sandbox', clientSecret: 'sandbox-network-client-secret' };

/**
 * The embedded default's mobile network (docs/product/network.md "The sandbox network"): it takes
 * TMF641 orders (once per externalId), moves each on after a delay or by hand, keeps the lines'
 * states for TMF638, and sends every state change, signed, to the portal's listener through the
 * app's own fetch. A switch takes it down (orders answered 503) to try the outbox's retries.
 */
export function sandboxNetwork(options: SandboxNetworkOptions) {
  const orders = new Map<string, SandboxOrder>();
  /** The lines in service by number: their state and the service's id (TMF638 Service.id). */
  const lines = new Map<string, { state: string; id: string }>();
  /** The callbacks registered at its hubs (TMF `POST …/hub`), by subscription id. */
  const hubs = new Map<string, { hub: NetworkHub; callback: string }>();
  const newServiceId = () => `mobileLine-${randomUUID()}`;
  /** Balances the sandbox holds apart from the portal's credit, by number (cents more or less). */
  const apart = new Map<string, number>();
  /** The inventory as a list, made again only after a line changed (a reconciliation reads it page by page). */
  let listed: { msisdn: string; state: string; id: string }[] | undefined;
  let provisioned = false;
  /** Data barred at the network by number, with the reasons each bar was ordered for (a lift ends its reason's). */
  const dataBars = new Map<string, Set<string>>();
  /** Numbers whose bars were read back from the database's orders (after a restart the sandbox keeps none). */
  const barsRead = new Set<string>();
  /** Numbers whose line it ended (a delete, a port out): not read back from the database's lines. */
  const ended = new Set<string>();
  const events: SentEvent[] = [];
  let deliver: ((request: Request) => Promise<Response>) | undefined;
  let down = false;
  let sequence = 0;

  /**
   * Takes in the database's lines it does not hold yet. Lines keep being made beside it (a seed, a
   * test's member), so a listing reads them again rather than once: after the night's reconciliation
   * a line made later must still be found.
   */
  async function provision() {
    if (!options.linesInService) return;
    provisioned = true;
    for (const l of await options.linesInService())
      if (!lines.has(l.msisdn) && !ended.has(l.msisdn)) {
        listed = undefined;
        lines.set(l.msisdn, { state: l.state, id: newServiceId() });
      }
  }

  /** A number's line: the one it holds, else the database's line read by its number (a million need not be read for one). */
  async function lineFor(msisdn: string) {
    const held = lines.get(msisdn);
    if (held || ended.has(msisdn)) return held;
    if (!options.lineInService) {
      if (!provisioned) await provision();
      return lines.get(msisdn);
    }
    const found = await options.lineInService(msisdn);
    if (found && !lines.has(msisdn) && !ended.has(msisdn)) {
      listed = undefined;
      lines.set(msisdn, { state: found.state, id: newServiceId() });
    }
    return lines.get(msisdn);
  }

  /** Sends one event to the portal's listener, signed as a real network would. */
  const now = options.clock ?? (() => new Date());
  async function emit(
    eventType: NetworkEventType,
    event: object,
    about: string,
  ): Promise<{ status: number | string; answer?: unknown }> {
    const body = JSON.stringify({
      eventId: randomUUID(),
      eventTime: now().toISOString(),
      eventType,
      event,
    });
    // To the callback registered at the event's hub, at TMF's listener path; none registered: the generic listener.
    const registered = [...hubs.values()].find((h) => h.hub === hubOf(eventType));
    const to = registered
      ? `${registered.callback}/listener/${listenerNameOf(eventType)}`
      : 'http://network.sandbox/panda/network/listener';
    let status: number | string;
    let answer: unknown;
    if (!deliver) status = 'no listener';
    else
      try {
        const res = await deliver(
          new Request(to, {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-network-signature': networkSignature(options.secret, body, now().getTime()),
            },
            body,
          }),
        );
        status = res.status;
        answer = await res.json().catch(() => undefined);
      } catch (error) {
        status = error instanceof Error ? error.message : String(error);
      }
    events.unshift({ at: now(), type: eventType, about, to: new URL(to).pathname, status });
    events.length = Math.min(events.length, 100);
    return { status, answer };
  }

  const tmfOrder = (o: SandboxOrder) => serviceOrderOf(o, now());

  /** Moves an order to a state, applies a completed mobileLine to the inventory, and tells the portal. */
  async function move(o: SandboxOrder, state: NetworkOrderState, reason?: string) {
    o.state = state;
    if (reason) o.reason = reason;
    if (state === 'completed' && o.service === 'portIn' && o.msisdn && !lines.has(o.msisdn)) {
      listed = undefined;
      lines.set(o.msisdn, { state: 'active', id: newServiceId() });
      ended.delete(o.msisdn);
    }
    if (state === 'completed' && o.service === 'dataAccess' && o.msisdn) {
      barsRead.add(o.msisdn);
      const reasons = dataBars.get(o.msisdn) ?? new Set<string>();
      const reason = String(o.characteristics['reason'] ?? '');
      if (o.characteristics['barred'] === true || o.characteristics['barred'] === 'true') reasons.add(reason);
      else reasons.delete(reason);
      if (reasons.size > 0) dataBars.set(o.msisdn, reasons);
      else dataBars.delete(o.msisdn);
    }
    if (state === 'completed' && o.service === 'mobileLine' && o.msisdn) {
      const line = await lineFor(o.msisdn);
      listed = undefined;
      if (o.action === 'add') {
        lines.set(o.msisdn, { state: 'active', id: line?.id ?? newServiceId() });
        ended.delete(o.msisdn);
      } else if (o.action === 'delete') {
        lines.delete(o.msisdn);
        ended.add(o.msisdn);
        dataBars.delete(o.msisdn);
      } else if (typeof o.characteristics['state'] === 'string')
        lines.set(o.msisdn, { state: o.characteristics['state'], id: line?.id ?? newServiceId() });
      // An eSIM's profile is made by the SM-DP+: its matching id is the one-time download code.
      if (o.characteristics['simType'] === 'esim')
        o.result['activationCode'] =
          `LPA:1$${ESIM_SMDP_ADDRESS}$${Array.from({ length: 4 }, () => randomBytes(3).toString('hex').toUpperCase()).join('-')}`;
    }
    await emit(
      'ServiceOrderStateChangeEvent',
      { serviceOrder: tmfOrder(o) },
      `${o.service} ${o.action} ${o.msisdn ?? ''} → ${state}`,
    );
  }

  /** When a port-in in progress may complete: the start of its day (the donor moves the number that day). */
  const dueAt = (o: SandboxOrder) => {
    const day = o.result['portDate'];
    return o.service === 'portIn' && day ? new Date(`${day}T00:00:00Z`).getTime() : 0;
  };

  /**
   * The order's next step by itself: rejected for a number ending 999, else in progress, then
   * completed (a port-in on its day; one from a number ending 998 waits for its donor).
   */
  function schedule(o: SandboxOrder) {
    if (options.delayMs === null || waitsForDonor(o)) return;
    // Two steps in NETWORK_SANDBOX_DELAY_MS: an order completes that long after it was taken.
    const wait = Math.min(2 ** 31 - 1, Math.max(options.delayMs / 2, dueAt(o) - now().getTime()));
    const timer = setTimeout(() => {
      void step(o.id).then((next) => {
        if (!['completed', 'rejected', 'failed'].includes(o.state)) schedule(o);
        return next;
      });
    }, wait);
    timer.unref();
  }

  /**
   * One step on: acknowledged → inProgress (or rejected, for 999) → completed; a port-in in progress
   * names its day (the one asked for, else today) and completes only from that day on; one from a
   * number ending 998 stays acknowledged.
   */
  async function step(id: string): Promise<NetworkOrderState | undefined> {
    const o = orders.get(id);
    // Held by hand: it waits until released.
    if (!o || ['completed', 'failed', 'rejected', 'held'].includes(o.state)) return undefined;
    if (o.msisdn?.endsWith('999')) await move(o, 'rejected', SANDBOX_REJECTION);
    else if (waitsForDonor(o)) return undefined;
    else if (o.state === 'acknowledged') {
      if (o.service === 'portIn') {
        const asked = o.characteristics['portDate'];
        o.result['portDate'] = typeof asked === 'string' ? asked : irishDayOf(now());
      }
      await move(o, 'inProgress');
    } else if (dueAt(o) > now().getTime()) return undefined;
    else await move(o, 'completed');
    return o.state;
  }

  return {
    /** The app this sandbox sends its events to (set by app.ts; the latest app built). */
    attach(fetch: (request: Request) => Promise<Response>) {
      deliver = fetch;
    },
    get down() {
      return down;
    },
    setDown(value: boolean) {
      down = value;
    },
    get delayMs() {
      return options.delayMs;
    },
    /** Newest first. */
    orders: () => [...orders.values()].reverse(),
    events: () => events,
    /**
     * A TMF641 order received. A repeated externalId is a second order, as the standard allows
     * (externalId is a search key): the portal asks before it sends again.
     */
    accept(order: {
      externalId: string;
      service: NetworkService;
      action: NetworkAction;
      msisdn: string | null;
      characteristics: Record<string, string | boolean>;
    }): { created: boolean; order: ReturnType<typeof tmfOrder> } {
      const o: SandboxOrder = {
        ...order,
        id: `so-${++sequence}-${randomUUID().slice(0, 8)}`,
        state: 'acknowledged',
        reason: null,
        result: {},
        orderDate: now(),
      };
      orders.set(o.id, o);
      if (orders.size > KEEP) orders.delete(orders.keys().next().value!);
      schedule(o);
      return { created: true, order: tmfOrder(o) };
    },
    /** The orders it holds under an externalId (TMF641 GET serviceOrder?externalId=). */
    withExternalId: (externalId: string) =>
      [...orders.values()].filter((o) => o.externalId === externalId).map(tmfOrder),
    /** Forgets every order and every registered callback (what a restart of the embedded default does to it). */
    forget() {
      orders.clear();
      hubs.clear();
    },
    /** Registers a callback at one of its hubs: the subscription (TMF EventSubscription). */
    subscribe(hub: NetworkHub, callback: string) {
      const id = `hub-${randomUUID()}`;
      hubs.set(id, { hub, callback });
      return { id, callback };
    },
    subscription: (hub: NetworkHub, id: string) => {
      const held = hubs.get(id);
      return held && held.hub === hub ? { id, callback: held.callback } : undefined;
    },
    unsubscribe: (hub: NetworkHub, id: string) => hubs.get(id)?.hub === hub && hubs.delete(id),
    /** The callbacks its hubs hold, for the page. */
    hubs: () => [...hubs.entries()].map(([id, h]) => ({ id, ...h, path: NETWORK_HUBS[h.hub] })),
    /**
     * Why the network would not carry a use of a number now (its line suspended; data barred, for a
     * use with data), or undefined: what it was ordered, enforced.
     */
    async refuses(msisdn: string, data: boolean, other: boolean): Promise<string | undefined> {
      const line = await lineFor(msisdn);
      if (line?.state === 'suspended' && (data || other)) return 'the line is suspended';
      if (data && !barsRead.has(msisdn) && options.dataBarsOf) {
        barsRead.add(msisdn);
        const held = await options.dataBarsOf(msisdn);
        if (held.length > 0 && !dataBars.has(msisdn)) dataBars.set(msisdn, new Set(held));
      }
      const bars = dataBars.get(msisdn);
      if (data && bars?.size) return `data is barred (${[...bars].join(', ')})`;
      return undefined;
    },
    /** A line's service by number (TMF638), or undefined. */
    async lineOf(msisdn: string) {
      const line = await lineFor(msisdn);
      return line ? { msisdn, ...line } : undefined;
    },
    /**
     * Another network asks for the number (a port-in there): the line's service is unchanged but for
     * its `portingState`, which TMF638's ServiceAttributeValueChangeEvent says, with who asks and when.
     */
    async portOutRequested(msisdn: string): Promise<{ status: number | string } | undefined> {
      const line = await lineFor(msisdn);
      if (!line) return undefined;
      const portDate = new Date(now().getTime() + 86_400_000).toISOString().slice(0, 10);
      return emit(
        'ServiceAttributeValueChangeEvent',
        lineServiceEvent(line.id, msisdn, 'active', {
          portingState: 'portOutRequested',
          recipientOperator: 'Sandbox Mobile',
          portDate,
        }),
        `${msisdn} port-out requested`,
      );
    },
    /**
     * The number moved to another network (its donor's request): the line's service is terminated
     * and TMF638's ServiceStateChangeEvent says so, with the reason as a characteristic.
     */
    async portOut(msisdn: string): Promise<{ status: number | string } | undefined> {
      const line = await lineFor(msisdn);
      if (!line) return undefined;
      lines.delete(msisdn);
      ended.add(msisdn);
      listed = undefined;
      return emit(
        'ServiceStateChangeEvent',
        lineServiceEvent(
          line.id,
          msisdn,
          'terminated',
          { terminationReason: 'portedOut', recipientOperator: 'Sandbox Mobile' },
          now(),
        ),
        `${msisdn} ported out`,
      );
    },
    order: (id: string) => {
      const o = orders.get(id);
      return o ? tmfOrder(o) : undefined;
    },
    step,
    /** Completes or fails an open order at once (the sandbox page's buttons). */
    async finish(id: string, to: 'completed' | 'failed'): Promise<boolean> {
      const o = orders.get(id);
      if (!o || ['completed', 'failed', 'rejected'].includes(o.state)) return false;
      await move(o, to, to === 'failed' ? 'Failed by hand in the sandbox network.' : undefined);
      return true;
    },
    /** Holds an open order back (TMF641 `held`: the portal's member reads "waiting for the network"), or releases it. */
    async hold(id: string, held: boolean): Promise<boolean> {
      const o = orders.get(id);
      if (!o || (held ? !['acknowledged', 'inProgress'].includes(o.state) : o.state !== 'held')) return false;
      await move(o, held ? 'held' : 'inProgress');
      if (!held) schedule(o);
      return true;
    },
    /** Every open order completed (or rejected, for 999) now, in the order they came, but a port-in waiting for its donor (998): for tests and the page. */
    async settle(): Promise<number> {
      let moved = 0;
      for (const o of [...orders.values()]) while ((await step(o.id)) !== undefined) moved += 1;
      return moved;
    },
    /** Its lines (TMF638); `fresh` (a listing's first page) reads the database's new lines again, later pages keep the list. */
    async inventory({ fresh = true } = {}): Promise<{ msisdn: string; state: string; id: string }[]> {
      if (fresh || !provisioned) await provision();
      return (listed ??= [...lines].map(([msisdn, line]) => ({ msisdn, state: line.state, id: line.id })));
    },
    /** Its prepaid balances (TMF654), or undefined when it keeps none. */
    async balances(): Promise<{ msisdn: string; cents: number }[] | undefined> {
      if (!options.balancesHeld) return undefined;
      return (await options.balancesHeld()).map((b) => ({ ...b, cents: b.cents + (apart.get(b.msisdn) ?? 0) }));
    },
    /** Moves a number's balance at the network by `cents` from the portal's (a difference to reconcile). */
    setBalanceApart(msisdn: string, cents: number) {
      if (cents === 0) apart.delete(msisdn);
      else apart.set(msisdn, cents);
    },
    emit,
  };
}

export type SandboxNetwork = ReturnType<typeof sandboxNetwork>;
