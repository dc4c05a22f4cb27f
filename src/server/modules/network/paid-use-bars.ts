import type { Queryable } from '../../db/client.ts';
import type { Clock } from '../../kernel/clock.ts';
import { queueNetworkOrder, standingOrder } from './network-orders.ts';
import { orderCause } from './order-causes.ts';

/**
 * Calls and texts that credit pays for, stopped on the network when credit runs out, and started
 * again with credit or a membership (docs/product/network.md, `mobileLine modify`,
 * `paidCallsAndTexts`): what a membership includes, and calls to 112 and 999, go on. Each bar and
 * lift its own cause; nothing happens here when the network reports a step.
 */
const paidUse = orderCause<{ barred: boolean; ssn: string; key: string }>(
  'paidUse',
  {
    write: ({ barred, ssn, key }) => [barred ? 'bar' : 'lift', ssn, key],
    read: ([action, ssn, ...key]) =>
      (action === 'bar' || action === 'lift') && ssn && key.length > 0
        ? { barred: action === 'bar', ssn, key: key.join(':') }
        : null,
  },
  async () => {},
);

/** Paid calls and texts stopped (no allowance and no credit) or started again: ordered only when it changes what stands. */
export async function orderPaidUseBar(tx: Queryable, clock: Clock, ssn: string, barred: boolean): Promise<void> {
  const standing = await standingOrder(tx, ssn, 'mobileLine', paidUse.like('%'));
  if ((standing.cause ? paidUse.read(standing.cause)?.barred === true : false) === barred) return;
  await queueNetworkOrder(tx, clock, {
    cause: paidUse.key({ barred, ssn, key: `after-${standing.id ?? 0}` }),
    line: ssn,
    msisdn: standing.msisdn,
    service: 'mobileLine',
    action: 'modify',
    characteristics: { paidCallsAndTexts: barred ? 'barred' : 'allowed', reason: 'noAllowanceNoCredit' },
  });
}
