import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { DataBarReason } from '../../contract/network.ts';
import type { Queryable } from '../db/client.ts';
import { networkOrders, sims } from '../db/schema.ts';
import type { Clock } from './clock.ts';
import { queueNetworkOrder } from './network-orders.ts';

/**
 * Data stopped and started again on the network (docs/product/network.md, `dataAccess`): for the
 * roaming cap, and for want of allowance and credit; each bar and lift its own cause.
 */

/** What a purchase that starts data again on the network put on the SIM: a membership or an add-on. */
export type RefundablePurchase = { kind: 'membership' | 'addon'; reference: string };

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
    cause: `data:${barred ? 'bar' : 'lift'}:${reason}:${sim.ssn}:${key}`,
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
  /** The purchase a lift is for: refunded if the network refuses the lift (services/refunds.ts). */
  forPurchase?: RefundablePurchase | '' | undefined,
): Promise<void> {
  // What stands: the latest such order the network did not refuse (a refused lift leaves the bar).
  const [latest] = await tx
    .select({ id: networkOrders.id, cause: networkOrders.cause, msisdn: networkOrders.msisdn })
    .from(networkOrders)
    .where(
      and(
        eq(networkOrders.line, ssn),
        eq(networkOrders.service, 'dataAccess'),
        sql`${networkOrders.cause} like 'data:%:noAllowanceNoCredit:%'`,
        notInArray(networkOrders.state, ['failed', 'rejected']),
      ),
    )
    .orderBy(desc(networkOrders.id))
    .limit(1);
  if ((latest?.cause.startsWith('data:bar:') ?? false) === barred) return;
  const [sim] = latest ? [latest] : await tx.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  await orderDataBar(
    tx,
    clock,
    { ssn, msisdn: sim?.msisdn ?? null },
    barred,
    'noAllowanceNoCredit',
    !barred && forPurchase ? `${FOR_PURCHASE}${forPurchase.kind}:${forPurchase.reference}` : `after-${latest?.id ?? 0}`,
  );
}

/** How a lift's cause names the purchase it is for: `data:lift:noAllowanceNoCredit:<ssn>:for:<kind>:<reference>`. */
const FOR_PURCHASE = 'for:';
export function purchaseOfLift(cause: string): RefundablePurchase | null {
  const [, action, reason, , key, kind, ...reference] = cause.split(':');
  if (action !== 'lift' || reason !== 'noAllowanceNoCredit' || `${key}:` !== FOR_PURCHASE) return null;
  return kind === 'membership' || kind === 'addon' ? { kind, reference: reference.join(':') } : null;
}

/**
 * Data abroad started again on the network (the member went on past the cap, or chose a cap above
 * this month's spend): only where this month's bar was ordered, once.
 */
export async function liftRoamingBar(tx: Queryable, clock: Clock, ssn: string, month: string) {
  const rows = await roamingOrdersOf(tx, ssn, month);
  const bar = rows.find((r) => r.cause.startsWith('data:bar:'));
  if (bar && !rows.some((r) => r.cause.startsWith('data:lift:')))
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
        sql`${networkOrders.cause} like ${`data:%:roamingCap:%:${month}`}`,
      ),
    );

/** Where data abroad stands on the network this month: being stopped, stopped, or neither. */
export async function roamingBarOf(q: Queryable, ssn: string, month: string): Promise<'stopping' | 'stopped' | null> {
  const rows = await roamingOrdersOf(q, ssn, month);
  const bar = rows.find((r) => r.cause.startsWith('data:bar'));
  if (!bar || rows.some((r) => r.cause.startsWith('data:lift'))) return null;
  if (bar.state === 'completed') return 'stopped';
  return ['failed', 'rejected'].includes(bar.state) ? null : 'stopping';
}
