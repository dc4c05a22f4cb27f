import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { LOW_CREDIT_CENTS } from '../../../../contract/alerts.ts';
import type { Queryable } from '../../../db/client.ts';
import { ledger, sims } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { raiseAlert } from '../../alerts/index.ts';
import { orderNoAllowanceBar, orderPaidUseBar } from '../../network/index.ts';
import { chargeUses, type Charged, type UseCharge } from './charges.ts';

/** A SIM after use was charged: its credit before and after, whether credit fell short, whether data was due. */
export interface ChargedSim {
  ssn: string;
  creditBefore: number;
  creditAfter: number;
  short: boolean;
  dataDue: boolean;
}

/**
 * Whether what a charge left needs settling: credit short or at zero (a bar, ordered only if it is not
 * standing), or credit brought from above €2 to €2 or less (the alert). Nothing else costs a query.
 */
export const needsSettling = (sim: ChargedSim) =>
  sim.short || sim.creditAfter <= 0 || (sim.creditBefore > LOW_CREDIT_CENTS && sim.creditAfter <= LOW_CREDIT_CENTS);

/**
 * What follows use paid from credit (docs/product/money.md), in a transaction of its own: a line
 * whose credit could not pay, or is at zero, stopped on the network for want of allowance and
 * credit (data when data was due; calls and texts that credit pays for), and the low-credit alert
 * when use brought credit from above €2 to €2 or less: once per fall (keyed by the credit's latest
 * rise, so a top-up and a new fall raise it again). The bars are ordered only when they change what
 * stands, and every use that finds credit short settles again, so a stop between the charge and this
 * orders a missed bar with the next use. Answers the members an alert was raised for (its push is due).
 */
export async function settleCharges(tx: Queryable, clock: Clock, charged: ChargedSim[]): Promise<number[]> {
  const due = charged.filter(needsSettling);
  if (due.length === 0) return [];
  const alerted: number[] = [];
  const owners = await tx
    .select({ ssn: sims.ssn, memberId: sims.memberId })
    .from(sims)
    .where(
      inArray(
        sims.ssn,
        due.map((s) => s.ssn),
      ),
    );
  for (const sim of due) {
    if (sim.creditAfter <= 0 || sim.short) {
      await orderPaidUseBar(tx, clock, sim.ssn, true);
      if (sim.dataDue) await orderNoAllowanceBar(tx, clock, sim.ssn, true);
    }
    const memberId = owners.find((o) => o.ssn === sim.ssn)?.memberId;
    if (!memberId || sim.creditBefore <= LOW_CREDIT_CENTS || sim.creditAfter > LOW_CREDIT_CENTS) continue;
    const [rise] = await tx
      .select({ id: ledger.id })
      .from(ledger)
      .where(and(eq(ledger.ssn, sim.ssn), gt(ledger.creditDeltaCents, 0)))
      .orderBy(desc(ledger.occurredAt), desc(ledger.id))
      .limit(1);
    if (
      await raiseAlert(tx, clock, {
        memberId,
        cause: 'lowCredit',
        key: `${sim.ssn}:after:${rise?.id ?? 0}`,
        ...(sim.creditAfter > 0
          ? { notice: 'lowCredit', values: { credit: { euro: sim.creditAfter } } }
          : { notice: 'creditOut' }),
      })
    )
      alerted.push(memberId);
  }
  return alerted;
}

/** A use's charge and whether it was data (what credit running out stops on the network). */
export type UseToCharge = UseCharge & { data: boolean };

/** Uses charged and settled in the caller's transaction (a use abroad, in its event's). */
export async function chargeAndSettle(
  tx: Queryable,
  clock: Clock,
  charges: UseToCharge[],
): Promise<{ results: Charged[]; alerted: number[] }> {
  const results = await chargeUses(tx, clock(), charges);
  const bySim = new Map<string, ChargedSim>();
  charges.forEach((c, i) => {
    const r = results[i]!;
    if (r.already) return;
    const sim = bySim.get(c.ssn) ?? {
      ssn: c.ssn,
      creditBefore: r.creditBefore,
      creditAfter: r.creditAfter,
      short: false,
      dataDue: false,
    };
    sim.short ||= r.uncharged > 0;
    sim.dataDue ||= c.data;
    bySim.set(c.ssn, sim);
  });
  return { results, alerted: await settleCharges(tx, clock, [...bySim.values()]) };
}
