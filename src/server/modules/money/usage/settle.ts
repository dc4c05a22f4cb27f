import { inArray } from 'drizzle-orm';
import { LOW_CREDIT_CENTS } from '../../../../contract/alerts.ts';
import { euro } from '../../../../contract/format.ts';
import type { Queryable } from '../../../db/client.ts';
import { sims } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { raiseAlert } from '../../alerts/index.ts';
import { orderNoAllowanceBar, orderPaidUseBar } from '../../network/index.ts';
import { chargeUses, usageReference, type Charged, type UseCharge } from './charges.ts';

/** A use's charge and whether it was data (what credit running out stops on the network). */
export type UseToCharge = UseCharge & { data: boolean };

/**
 * Use paid from credit, and what follows in the same transaction (docs/product/money.md): each
 * use's price taken (charges.ts); a line whose credit could not pay, or is at zero after paying,
 * stopped on the network for want of allowance and credit (data when a data use was due; calls
 * and texts that credit pays for); and the low-credit alert when use brought the credit from above
 * €2 to €2 or less. Answers each charge's result, and whether an alert was raised (its push is due).
 */
export async function chargeAndSettle(
  tx: Queryable,
  clock: Clock,
  charges: UseToCharge[],
): Promise<{ results: Charged[]; alerted: boolean }> {
  const results = await chargeUses(tx, clock(), charges);
  const bySim = new Map<string, { charges: UseToCharge[]; results: Charged[] }>();
  charges.forEach((c, i) => {
    const r = results[i]!;
    if (r.already) return;
    const sim = bySim.get(c.ssn) ?? { charges: [], results: [] };
    sim.charges.push(c);
    sim.results.push(r);
    bySim.set(c.ssn, sim);
  });
  let alerted = false;
  const owners = bySim.size
    ? await tx
        .select({ ssn: sims.ssn, memberId: sims.memberId })
        .from(sims)
        .where(inArray(sims.ssn, [...bySim.keys()]))
    : [];
  for (const [ssn, sim] of bySim) {
    const { creditAfter, creditBefore } = sim.results[0]!;
    const short = sim.results.some((r) => r.uncharged > 0);
    if (creditAfter <= 0 || short) {
      await orderPaidUseBar(tx, clock, ssn, true);
      if (sim.charges.some((c, i) => c.data && (sim.results[i]!.uncharged > 0 || creditAfter <= 0)))
        await orderNoAllowanceBar(tx, clock, ssn, true);
    }
    const memberId = owners.find((o) => o.ssn === ssn)?.memberId;
    if (memberId && creditBefore > LOW_CREDIT_CENTS && creditAfter <= LOW_CREDIT_CENTS) {
      const last = sim.charges.at(-1)!;
      alerted =
        (await raiseAlert(tx, clock, {
          memberId,
          cause: 'lowCredit',
          key: `${ssn}:${usageReference(last.usageId)}`,
          title: `Your credit is ${euro(creditAfter)}`,
          body:
            creditAfter > 0
              ? `Use paid from your credit has left ${euro(creditAfter)}. When it runs out, calls, texts and data that credit pays for stop until you top up: my48 → Memberships → Add credit.`
              : 'Your credit has run out, so calls, texts and data that credit pays for have stopped. What your membership includes goes on, and calls to 112 and 999 always work. Top up in my48 → Memberships → Add credit.',
        })) || alerted;
    }
  }
  return { results, alerted };
}
