import type { NetworkOrderState } from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import type { networkOrders } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';

/**
 * Why an order goes to the network, as a type the module that queues it declares (docs/product/network.md):
 * a SIM's activation, a lost SIM's line, a port-in… Each cause says how it is stored (the order's
 * `cause` column, unique, so that one cause makes one order) and what happens here when the network
 * reports a step of its order. The network keeps the causes it was told of and hands each step to its
 * own: it knows no cause's rules.
 */

export type NetworkOrder = typeof networkOrders.$inferSelect;

/** What the network sent back with a step: its reason for a refusal, its results (an eSIM's code, a port's day). */
export interface StepDetail {
  reason?: string;
  result?: Record<string, string>;
}

/** A cause's stored form: made by its cause only, so an order cannot be queued for a cause nobody declared. */
export type CauseKey = string & { readonly storedCause: unique symbol };

/** What a cause does when its order moves on, in the transaction of the event that reported it. */
export type CauseStep<V> = (
  tx: Queryable,
  clock: Clock,
  order: NetworkOrder,
  cause: V,
  state: NetworkOrderState,
  detail: StepDetail,
) => Promise<void>;

export interface OrderCause<V> {
  readonly kind: string;
  /** The cause as stored: `<kind>:<its parts>` (the stored form the orders already in the table have). */
  key(value: V): CauseKey;
  /** The cause back from its stored form; null when the form is another cause's or unreadable. */
  read(stored: string): V | null;
  /** A SQL `like` pattern over the stored form, for a cause's own reads of its orders. */
  like(parts: string): string;
}

interface Registered {
  read(stored: string): unknown;
  step: CauseStep<unknown>;
}

const causes = new Map<string, Registered>();

/**
 * Declares a cause: its kind (the stored form's first part), how its value is written and read back,
 * and its step. A kind is declared once; its module declares it when it loads.
 */
export function orderCause<V>(
  kind: string,
  form: { write(value: V): string[]; read(parts: string[]): V | null },
  step: CauseStep<V>,
): OrderCause<V> {
  if (causes.has(kind)) throw new Error(`the order cause ${kind} is declared twice`);
  const read = (stored: string): V | null => {
    const [head, ...parts] = stored.split(':');
    return head === kind ? form.read(parts) : null;
  };
  causes.set(kind, { read, step: step as CauseStep<unknown> });
  return {
    kind,
    key: (value) => [kind, ...form.write(value)].join(':') as CauseKey,
    read,
    like: (parts) => `${kind}:${parts}`,
  };
}

/** The kinds declared so far (a test proves each kind queued has its step). */
export const declaredCauses = (): string[] => [...causes.keys()];

/**
 * One step of an order, as the network reported it, handed to its cause in the event's transaction.
 * A stored cause no module declares (none should exist) changes nothing here; the order keeps its state.
 */
export async function applyOrderStep(
  tx: Queryable,
  clock: Clock,
  order: NetworkOrder,
  state: NetworkOrderState,
  detail: StepDetail,
): Promise<void> {
  const cause = causes.get(order.cause.split(':', 1)[0]!);
  const value = cause?.read(order.cause);
  if (cause && value !== null && value !== undefined) await cause.step(tx, clock, order, value, state, detail);
}
