import { and, eq } from 'drizzle-orm';
import { formatMsisdn } from '../../../contract/format.ts';
import { NETWORK_ORDER_ENDS, type LineState, type NetworkOrderState } from '../../../contract/network.ts';
import type { Queryable } from '../../db/client.ts';
import { sims } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { queueNetworkOrder, orderCause, type NetworkOrder, type StepDetail } from '../network/index.ts';
import { moveSimRows } from './sim-keyed.ts';
import { heldSuspended } from './blocks.ts';
import { notify, type Notice, type NoticeValue } from '../alerts/index.ts';
import type { MessageKey } from '../../../contract/i18n/messages.ts';

/**
 * A line's own orders to the network (docs/product/network.md), written in the cause's transaction,
 * and what each does here when the network reports it: a SIM's activation, a lost SIM's line
 * suspended or back, a closed account's line taken off, a change of SIM.
 */

const tell = (tx: Queryable, memberId: number, now: Date, notice: Notice['notice'], values?: Notice['values']) =>
  notify(tx, memberId, now, { notice, values });

/** The network's reason, as it gave it, in brackets (nothing when it gave none). */
const aside = (reason: string | undefined): NoticeValue =>
  reason ? { say: 'notice.aside', values: { what: reason } } : '';

/** A number as people write it, or "your number" in the member's words. */
const numberOr = (msisdn: string | null | undefined, none: MessageKey): NoticeValue =>
  msisdn ? formatMsisdn(msisdn) : { say: none };

/** The SIM an order is for, once the order has ended (what a line's causes act on). */
async function endedSim(tx: Queryable, order: NetworkOrder, state: NetworkOrderState) {
  if (!NETWORK_ORDER_ENDS.includes(state)) return undefined;
  const [sim] = await tx.select().from(sims).where(eq(sims.ssn, order.line));
  return sim;
}

/** A SIM's activation: its line added on the network; the SIM is active once that completes. */
const activation = orderCause<{ ssn: string }>(
  'activation',
  { write: ({ ssn }) => [ssn], read: ([ssn]) => (ssn ? { ssn } : null) },
  async (tx, clock, order, _cause, state, detail) => {
    const sim = await endedSim(tx, order, state);
    if (!sim) return;
    const now = clock();
    if (state === 'completed') {
      await tx
        .update(sims)
        .set({ status: 'active', lineState: 'active' })
        .where(and(eq(sims.ssn, sim.ssn), eq(sims.status, 'activating')));
      if (sim.memberId)
        await tell(tx, sim.memberId, now, 'simActive', { number: numberOr(sim.msisdn, 'notice.yourNumber') });
    } else if (sim.memberId) await tell(tx, sim.memberId, now, 'simFailed', { why: aside(detail.reason) });
  },
);

export const orderActivation = (
  tx: Queryable,
  clock: Clock,
  sim: { ssn: string; msisdn: string | null; kind: 'physical' | 'esim' },
) =>
  queueNetworkOrder(tx, clock, {
    cause: activation.key({ ssn: sim.ssn }),
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'add',
    characteristics: { iccid: sim.ssn, simType: sim.kind },
  });

/** A lost or stolen SIM suspended on the network, or back in service (unblocked); `at` makes each report its own cause. */
const lineState = orderCause<{ state: LineState; ssn: string; at: string }>(
  'line',
  {
    write: ({ state, ssn, at }) => [state, ssn, at],
    // The time is an ISO string, colons and all.
    read: ([state, ssn, ...at]) =>
      (state === 'active' || state === 'suspended') && ssn && at.length > 0 ? { state, ssn, at: at.join(':') } : null,
  },
  async (tx, clock, order, cause, state, detail) => {
    const sim = await endedSim(tx, order, state);
    if (!sim) return;
    if (state === 'completed') await tx.update(sims).set({ lineState: cause.state }).where(eq(sims.ssn, sim.ssn));
    else if (sim.memberId)
      await tell(tx, sim.memberId, clock(), cause.state === 'suspended' ? 'notBlocked' : 'notUnblocked', {
        number: sim.msisdn ?? { say: 'notice.yourSim' },
        why: aside(detail.reason),
      });
  },
);

export const orderLineState = (
  tx: Queryable,
  clock: Clock,
  sim: { ssn: string; msisdn: string | null },
  state: LineState,
  at: Date,
) =>
  queueNetworkOrder(tx, clock, {
    cause: lineState.key({ state, ssn: sim.ssn, at: at.toISOString() }),
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'modify',
    characteristics: { state },
  });

/** A closed account's line taken off the network: the number goes back to the network's pool; nothing here waits for it. */
const deletion = orderCause<{ ssn: string; at: string }>(
  'delete',
  {
    write: ({ ssn, at }) => [ssn, at],
    read: ([ssn, ...at]) => (ssn && at.length > 0 ? { ssn, at: at.join(':') } : null),
  },
  async () => undefined,
);

export const orderLineDeletion = (tx: Queryable, clock: Clock, sim: { ssn: string; msisdn: string }, at: Date) =>
  queueNetworkOrder(tx, clock, {
    cause: deletion.key({ ssn: sim.ssn, at: at.toISOString() }),
    line: sim.ssn,
    msisdn: sim.msisdn,
    service: 'mobileLine',
    action: 'delete',
    characteristics: { iccid: sim.ssn },
  });

/**
 * A change of SIM (or to an eSIM) the network reported: completed, the new SIM's line is in service
 * (an eSIM gets its activation code from the order); rejected or failed, everything moves back to
 * the old SIM, which keeps working, and the member is told why.
 */
const swap = orderCause<{ freshSsn: string; oldSsn: string }>(
  'swap',
  {
    write: ({ freshSsn, oldSsn }) => [freshSsn, oldSsn],
    read: ([freshSsn, oldSsn]) => (freshSsn && oldSsn ? { freshSsn, oldSsn } : null),
  },
  async (tx, clock, order, { freshSsn, oldSsn }, state, detail: StepDetail) => {
    if (!NETWORK_ORDER_ENDS.includes(state)) return;
    const now = clock();
    const [fresh] = await tx.select().from(sims).where(eq(sims.ssn, freshSsn)).for('update');
    if (!fresh || fresh.status !== 'active') return;
    if (state === 'completed') {
      const code = detail.result?.['activationCode'];
      // The network keeps the line's state through a change of SIM: a line paused (or otherwise held
      // suspended) stays suspended on its new SIM, and says so here.
      const held = fresh.blockedAt !== null || (await heldSuspended(tx, fresh.ssn));
      await tx
        .update(sims)
        .set({
          lineState: held ? 'suspended' : 'active',
          ...(fresh.kind === 'esim' && code ? { esimActivationCode: code } : {}),
        })
        .where(eq(sims.ssn, fresh.ssn));
      if (fresh.memberId)
        await tell(
          tx,
          fresh.memberId,
          now,
          fresh.kind === 'esim' ? 'esimReady' : 'newSimWorks',
          fresh.kind === 'esim' ? {} : { number: numberOr(fresh.msisdn, 'notice.yourNumber') },
        );
      return;
    }
    // Undone: the old SIM takes the number and everything back.
    await moveSimRows(tx, fresh.ssn, oldSsn);
    await tx.update(sims).set({ msisdn: null, status: 'inactive', lineState: null }).where(eq(sims.ssn, fresh.ssn));
    await tx.update(sims).set({ msisdn: order.msisdn, status: 'active' }).where(eq(sims.ssn, oldSsn));
    if (fresh.memberId)
      await tell(tx, fresh.memberId, now, 'swapFailed', {
        number: order.msisdn ?? { say: 'notice.yourNumberLater' },
        why: aside(detail.reason),
      });
  },
);

/** The network moves the number to a new card or profile; the old SIM is named for a swap undone. */
export const orderSwap = (
  tx: Queryable,
  now: Date,
  fresh: { ssn: string; kind: 'physical' | 'esim' },
  old: { ssn: string; msisdn: string | null },
) =>
  queueNetworkOrder(tx, () => now, {
    cause: swap.key({ freshSsn: fresh.ssn, oldSsn: old.ssn }),
    line: fresh.ssn,
    msisdn: old.msisdn,
    service: 'mobileLine',
    action: 'modify',
    characteristics: { iccid: fresh.ssn, simType: fresh.kind },
  });
