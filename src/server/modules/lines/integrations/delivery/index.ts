import type { Clock } from '../../../../kernel/clock.ts';

/** Where an order is, as the carrier tracks it (docs/product/customer-care.md): dates only once they happened. */
export interface Tracking {
  dispatchedAt?: Date | undefined;
  deliveredAt?: Date | undefined;
}

/** An order as the carrier knows it: our order number is its shipment reference (`48-O-<id>`). */
export interface Shipment {
  id: number;
  createdAt: Date;
  /** The dispatch already recorded, if any. */
  dispatchedAt: Date | null;
}

export interface DeliveryAdapter {
  /** Where the shipment is; undefined when the carrier does not know it yet. Throws when the carrier cannot be asked. */
  track(shipment: Shipment): Promise<Tracking | undefined>;
}

export const shipmentReference = (id: number) => `48-O-${id}`;

/** The sandbox carrier's times: it takes an order 2 minutes after it is placed and delivers it 10 minutes later. */
export const SANDBOX_DISPATCH_MS = 2 * 60_000;
export const SANDBOX_TRANSIT_MS = 10 * 60_000;

/**
 * The sandbox: a carrier as punctual as a clock. It takes an order 2 minutes after it is placed and
 * delivers it 10 minutes after it took it, or after it first heard of it (an order dispatched before
 * this server started, as a demo member's, is still on its way for 10 minutes). /sandbox/delivery
 * delivers one at once.
 */
export function sandboxDelivery(clock: Clock): DeliveryAdapter & { sandbox: true } {
  const firstAsked = new Map<number, number>();
  return {
    sandbox: true,
    async track({ id, createdAt, dispatchedAt }) {
      const now = clock().getTime();
      const asked = firstAsked.get(id) ?? now;
      firstAsked.set(id, asked);
      const dispatched = dispatchedAt?.getTime() ?? createdAt.getTime() + SANDBOX_DISPATCH_MS;
      if (now < dispatched) return {};
      const delivered = Math.max(dispatched, asked) + SANDBOX_TRANSIT_MS;
      return { dispatchedAt: new Date(dispatched), deliveredAt: now >= delivered ? new Date(delivered) : undefined };
    },
  };
}

interface CarrierAnswer {
  status?: unknown;
  dispatched_at?: unknown;
  delivered_at?: unknown;
}

const dateOf = (value: unknown): Date | undefined => {
  if (typeof value !== 'string') return undefined;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? undefined : d;
};

/**
 * A carrier's tracking API: GET {url}/shipments/{reference} with a bearer token, answering
 * `{ status: 'pending' | 'dispatched' | 'delivered', dispatched_at, delivered_at }` (ISO dates);
 * 404 while the warehouse has not handed it over.
 */
export function carrierDelivery(
  config: { url: string; token: string },
  fetchImpl: typeof fetch = fetch,
): DeliveryAdapter {
  return {
    async track({ id }) {
      const res = await fetchImpl(`${config.url.replace(/\/$/, '')}/shipments/${shipmentReference(id)}`, {
        headers: { authorization: `Bearer ${config.token}`, accept: 'application/json' },
        signal: AbortSignal.timeout(5000),
      });
      if (res.status === 404) return undefined;
      if (!res.ok) throw new Error(`the carrier answered ${res.status}`);
      const body = (await res.json()) as CarrierAnswer;
      const deliveredAt = body.status === 'delivered' ? (dateOf(body.delivered_at) ?? new Date()) : undefined;
      const dispatchedAt =
        body.status === 'dispatched' || body.status === 'delivered'
          ? (dateOf(body.dispatched_at) ?? deliveredAt ?? new Date())
          : undefined;
      return { dispatchedAt, deliveredAt };
    },
  };
}
