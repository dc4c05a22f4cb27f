import { and, eq } from 'drizzle-orm';
import type { LineFilter, PauseKind } from '../../../../contract/household.ts';
import type { NetworkService } from '../../../../contract/network.ts';
import type { Queryable } from '../../../db/client.ts';
import { lineControls, sims } from '../../../db/schema.ts';
import { queueNetworkOrder } from '../../network/index.ts';
import { controlOrder } from './network-answer.ts';
import { keepDays, type Control } from './record.ts';

/** What a filter's order asks of the network. */
export const FILTER_ORDERS: Record<
  LineFilter,
  (on: boolean) => { service: NetworkService; characteristics: Record<string, string> }
> = {
  contentFilter: (on) => ({ service: 'contentFilter', characteristics: { adultContent: on ? 'on' : 'off' } }),
  premiumRate: (on) => ({ service: 'callBarring', characteristics: { premiumRate: on ? 'barred' : 'allowed' } }),
  thirdPartyBilling: (on) => ({
    service: 'callBarring',
    characteristics: { thirdPartyBilling: on ? 'barred' : 'allowed' },
  }),
};

/** What a pause's part asks of the network: data barred or the line suspended, or either lifted. */
export const pauseOrder = (
  kind: PauseKind,
  on: boolean,
): { service: NetworkService; characteristics: Record<string, string | boolean> } =>
  kind === 'data'
    ? { service: 'dataAccess' as const, characteristics: { barred: on, reason: 'paused' } }
    : { service: 'mobileLine' as const, characteristics: { state: on ? 'suspended' : 'active', reason: 'paused' } };

/** The row of a line's control, made when first needed and locked: a change waits for another to the same line. */
export async function lockedControl(tx: Queryable, ssn: string, control: Control, now: Date) {
  await tx
    .insert(lineControls)
    .values({ ssn, control, value: 'off', previous: 'off', network: 'done', changedAt: now })
    .onConflictDoNothing();
  const [row] = await tx
    .select()
    .from(lineControls)
    .where(and(eq(lineControls.ssn, ssn), eq(lineControls.control, control)))
    .for('update');
  return row!;
}

/** A change to a control: kept with what it was, and its orders queued, in the caller's transaction. */
export async function change(
  tx: Queryable,
  now: Date,
  row: typeof lineControls.$inferSelect,
  value: string,
  until: Date | null,
  orders: { part: string; service: NetworkService; characteristics: Record<string, string | boolean> }[],
  byHousehold = false,
) {
  // The time of the change names it (its orders carry it); two changes in one millisecond get the next.
  const changedAt = new Date(Math.max(now.getTime(), row.changedAt.getTime() + 1));
  if (row.control === 'pause') await keepDays(tx, row.ssn, now, row, { value, until });
  const [sim] = await tx
    .select({ msisdn: sims.msisdn, blockedAt: sims.blockedAt })
    .from(sims)
    .where(eq(sims.ssn, row.ssn));
  // A SIM reported lost stays suspended at the network: ending a pause never makes it active again.
  const sent = orders.filter(
    (o) => !(sim?.blockedAt && o.service === 'mobileLine' && o.characteristics['state'] === 'active'),
  );
  await tx
    .update(lineControls)
    .set({
      value,
      until,
      previous: row.value,
      previousUntil: row.until,
      network: sent.length > 0 ? 'switching' : 'done',
      changedAt,
      byHousehold,
    })
    .where(eq(lineControls.id, row.id));
  for (const order of sent)
    await queueNetworkOrder(tx, () => now, {
      cause: controlOrder.key({
        control: row.control,
        ssn: row.ssn,
        stamp: String(changedAt.getTime()),
        part: order.part,
      }),
      line: row.ssn,
      msisdn: sim?.msisdn ?? null,
      service: order.service,
      action: 'modify',
      characteristics: order.characteristics,
    });
}
