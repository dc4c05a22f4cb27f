import { and, eq, sql } from 'drizzle-orm';
import { DATA_BAR_REASONS, NETWORK_ORDER_ENDS, type DataBarReason } from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { networkOrders, sims } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { domainEvent } from '../../kernel/events.ts';
import { queueNetworkOrder, standingOrder } from './network-orders.ts';
import { orderCause } from './order-causes.ts';

/**
 * Data stopped and started again on the network (docs/product/network.md, `dataAccess`): for the
 * roaming cap, and for want of allowance and credit; each bar and lift its own cause.
 */

/** What a purchase that starts data again on the network put on the SIM: a membership or an add-on. */
export type RefundablePurchase = { kind: 'membership' | 'addon'; reference: string };

/**
 * A lift of the bar for a purchase that the network refused or failed: the purchase is undone and
 * refunded by money's rules (modules/money/refunds.ts listens), in the event's transaction.
 */
export const purchaseLiftRefused = domainEvent<{ ssn: string; now: Date; purchase: RefundablePurchase }>();

/** How a lift's key names the purchase it is for: `for:<kind>:<reference>`. */
const FOR_PURCHASE = 'for';

/** Data stopped or started again, for a reason, on a line; `key` says which time (a month for the cap, a purchase). */
const dataAccess = orderCause<{ barred: boolean; reason: DataBarReason; ssn: string; key: string }>(
  'data',
  {
    write: ({ barred, reason, ssn, key }) => [barred ? 'bar' : 'lift', reason, ssn, key],
    read: ([action, reason, ssn, ...key]) =>
      (action === 'bar' || action === 'lift') &&
      (DATA_BAR_REASONS as readonly string[]).includes(reason ?? '') &&
      ssn &&
      key.length > 0
        ? { barred: action === 'bar', reason: reason as DataBarReason, ssn, key: key.join(':') }
        : null,
  },
  // What the member sees reads the latest order of the line (modules/roaming/roaming.ts); a refused lift
  // for a purchase undoes the purchase.
  async (tx, clock, order, cause, state) => {
    if (!NETWORK_ORDER_ENDS.includes(state) || state === 'completed') return;
    const purchase = purchaseOfLift(cause);
    if (!purchase) return;
    const [sim] = await tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.ssn, order.line));
    if (sim) await purchaseLiftRefused.emit(tx, { ssn: sim.ssn, now: clock(), purchase });
  },
);

/** Data stopped (or started again) on the network, for a reason; `key` says which time (a month for the cap). */
export const orderDataBar = (
  tx: Queryable,
  clock: Clock,
  sim: { ssn: string; msisdn: string | null },
  barred: boolean,
  reason: DataBarReason,
  key: string,
) =>
  queueNetworkOrder(tx, clock, {
    cause: dataAccess.key({ barred, reason, ssn: sim.ssn, key }),
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'dataAccess',
    action: 'modify',
    characteristics: { barred, reason },
  });

/**
 * Data stopped on the network for want of allowance and credit, or started again (a top-up, an
 * add-on, a membership): ordered only when it changes what stands, each bar and lift its own cause.
 */
export async function orderNoAllowanceBar(
  tx: Queryable,
  clock: Clock,
  ssn: string,
  barred: boolean,
  /** The purchase a lift is for: refunded if the network refuses the lift (modules/money/refunds.ts). */
  forPurchase?: RefundablePurchase | '' | undefined,
): Promise<void> {
  const standing = await standingOrder(tx, ssn, 'dataAccess', dataAccess.like('%:noAllowanceNoCredit:%'));
  if ((standing.cause ? dataAccess.read(standing.cause)?.barred === true : false) === barred) return;
  await orderDataBar(
    tx,
    clock,
    { ssn, msisdn: standing.msisdn },
    barred,
    'noAllowanceNoCredit',
    !barred && forPurchase
      ? [FOR_PURCHASE, forPurchase.kind, forPurchase.reference].join(':')
      : `after-${standing.id ?? 0}`,
  );
}

/** The purchase a lift of the bar is for, if any. */
function purchaseOfLift({
  barred,
  reason,
  key,
}: {
  barred: boolean;
  reason: DataBarReason;
  key: string;
}): RefundablePurchase | null {
  const [head, kind, ...reference] = key.split(':');
  if (barred || reason !== 'noAllowanceNoCredit' || head !== FOR_PURCHASE) return null;
  return kind === 'membership' || kind === 'addon' ? { kind, reference: reference.join(':') } : null;
}

/**
 * Data abroad started again on the network (the member went on past the cap, or chose a cap above
 * this month's spend): only where this month's bar was ordered, once.
 */
export async function liftRoamingBar(tx: Queryable, clock: Clock, ssn: string, month: string) {
  const rows = await roamingOrdersOf(tx, ssn, month);
  const bar = rows.find((r) => dataAccess.read(r.cause)?.barred === true);
  if (bar && !rows.some((r) => dataAccess.read(r.cause)?.barred === false))
    await orderDataBar(tx, clock, { ssn, msisdn: bar.msisdn }, false, 'roamingCap', month);
}

/** This month's roaming-cap bar and lift of a line (by the line: a change of SIM carries them to the new one). */
const roamingOrdersOf = (q: Queryable, ssn: string, month: string) =>
  q
    .select({ cause: networkOrders.cause, state: networkOrders.state, msisdn: networkOrders.msisdn })
    .from(networkOrders)
    .where(
      and(
        eq(networkOrders.line, ssn),
        eq(networkOrders.service, 'dataAccess'),
        sql`${networkOrders.cause} like ${dataAccess.like(`%:roamingCap:%:${month}`)}`,
      ),
    );

/** Where data abroad stands on the network this month: being stopped, stopped, or neither. */
export async function roamingBarOf(q: Queryable, ssn: string, month: string): Promise<'stopping' | 'stopped' | null> {
  const rows = await roamingOrdersOf(q, ssn, month);
  const bar = rows.find((r) => dataAccess.read(r.cause)?.barred === true);
  if (!bar || rows.some((r) => dataAccess.read(r.cause)?.barred === false)) return null;
  if (bar.state === 'completed') return 'stopped';
  return ['failed', 'rejected'].includes(bar.state) ? null : 'stopping';
}

/**
 * Where a line's data bar for one reason stands: the latest order for that reason the network did not
 * refuse (barred or lifted, and for which time), or none.
 */
export async function standingDataBar(
  q: Queryable,
  ssn: string,
  reason: DataBarReason,
): Promise<{ barred: boolean; key: string; msisdn: string | null } | null> {
  const standing = await standingOrder(q, ssn, 'dataAccess', dataAccess.like(`%:${reason}:%`));
  const cause = standing.cause ? dataAccess.read(standing.cause) : null;
  return cause ? { barred: cause.barred, key: cause.key, msisdn: standing.msisdn } : null;
}
