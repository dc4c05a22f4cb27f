import type { Logger } from 'pino';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client.ts';
import { networkReconciliations } from '../../db/schema.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { NetworkAdapter } from './integrations/network/adapter.ts';

/**
 * Credit against the network's prepaid balances (docs/product/money.md, "Reconciliation"): where the
 * network's charging system keeps a balance per number (TMF654, read only), the daily reconciliation
 * compares each with the portal's credit and keeps the differences for /panda/ready and the log. It
 * changes nothing: an operator decides which side is right. The portal's credit is money's to say
 * (it tells the network how to read it when it loads).
 */

/** Every number's credit as the portal holds it, in cents. */
export type CreditsHeld = (q: Queryable) => Promise<{ msisdn: string; cents: number }[]>;

/** Use the credit could not pay for since a time: how many uses and how much (money's record of it). */
export type UnchargedSince = (q: Queryable, since: Date) => Promise<{ uses: number; cents: number }>;

/** How the reconciliation reads the portal's credit: told by money when it loads. */
export interface CreditsReader {
  credits: CreditsHeld;
  uncharged: UnchargedSince;
}

const readers: Partial<CreditsReader> = {};
export const readCreditsWith = (read: CreditsReader) => {
  readers.credits = read.credits;
  readers.uncharged = read.uncharged;
};
export const creditsHeld: CreditsHeld = (q) => (readers.credits ? readers.credits(q) : Promise.resolve([]));

/** The reconciliation's row: its differences, `ours` and `network` as cents. */
const BALANCES = 'balances';

export async function reconcileBalances(
  ctx: ServiceContext,
  network: Pick<NetworkAdapter, 'balances'>,
  log?: Logger,
): Promise<{ msisdn: string; ours: string; network: string }[] | undefined> {
  const now = ctx.clock();
  const record = (differences: { msisdn: string; ours: string; network: string }[], error: string | null) =>
    ctx.db
      .insert(networkReconciliations)
      .values({ name: BALANCES, ranAt: now, differences, error })
      .onConflictDoUpdate({ target: networkReconciliations.name, set: { ranAt: now, differences, error } });
  // What credit could not pay for in the last day is the night's to report too (it is never charged later).
  const uncharged = readers.uncharged ? await readers.uncharged(ctx.db, new Date(now.getTime() - 86_400_000)) : null;
  if (uncharged && uncharged.uses > 0)
    log?.warn({ uncharged }, 'use credit could not pay for in the last day (the lines were barred)');
  let theirs;
  try {
    theirs = await network.balances();
  } catch (error) {
    log?.warn({ err: error }, 'balance reconciliation: the network did not answer');
    const [kept] = await ctx.db.select().from(networkReconciliations).where(eq(networkReconciliations.name, BALANCES));
    await record(kept?.differences ?? [], error instanceof Error ? error.message : String(error));
    return undefined;
  }
  // A network that keeps no balances: nothing to compare (and no difference to report).
  if (!theirs) return [];
  const held = new Map(theirs.map((b) => [b.msisdn.replace(/^353/, '0'), b.cents]));
  const differences: { msisdn: string; ours: string; network: string }[] = [];
  for (const ours of await creditsHeld(ctx.db)) {
    const at = held.get(ours.msisdn);
    if (at !== ours.cents)
      differences.push({
        msisdn: ours.msisdn,
        ours: String(ours.cents),
        network: at === undefined ? 'none' : String(at),
      });
    held.delete(ours.msisdn);
  }
  for (const [msisdn, cents] of held) differences.push({ msisdn, ours: 'none', network: String(cents) });
  await record(differences, null);
  if (differences.length > 0)
    log?.warn(
      { differences: differences.slice(0, 20), count: differences.length },
      'balance reconciliation: credit differs from the network',
    );
  return differences;
}

/** The numbers whose credit differed from the network's at the last balance reconciliation, and when it ran (the staff's queue). */
export async function balanceDifferences(q: Queryable) {
  const [row] = await q.select().from(networkReconciliations).where(eq(networkReconciliations.name, BALANCES));
  return { ranAt: row?.ranAt ?? null, differences: row?.differences ?? [] };
}

/** What the last balance reconciliation found: how many numbers differ, and its error if it could not run. */
export async function balanceDrift(q: Queryable): Promise<{ differ: number; error: string | null }> {
  const [row] = await q.select().from(networkReconciliations).where(eq(networkReconciliations.name, BALANCES));
  return { differ: row?.differences.length ?? 0, error: row?.error ?? null };
}
