import { and, eq } from 'drizzle-orm';
import { LINE_FILTERS } from '../../../../contract/household.ts';
import { NETWORK_ORDER_ENDS } from '../../../../contract/network.ts';
import { lineControls } from '../../../db/schema.ts';
import { lineStateAtNetwork } from '../../lines/index.ts';
import { orderCause } from '../../network/index.ts';
import { describe, history, keepDays, NETWORK, type Control } from './record.ts';

/**
 * The network's answer to a control's order settles the change: done, or refused and the line put
 * back as it was (its pause's days too). Only the line's latest change is settled by its orders.
 */

/** One order of a change: which control, which line, which change (its time), and the part it plays. */
export const controlOrder = orderCause<{ control: Control; ssn: string; stamp: string; part: string }>(
  'control',
  {
    write: ({ control, ssn, stamp, part }) => [control, ssn, stamp, part],
    read: ([control, ssn, stamp, part]) =>
      control && ssn && stamp && part && (control === 'pause' || (LINE_FILTERS as readonly string[]).includes(control))
        ? { control: control as Control, ssn, stamp, part }
        : null,
  },
  async (tx, clock, order, { control, ssn, stamp, part }, state) => {
    if (!NETWORK_ORDER_ENDS.includes(state)) return;
    // What the network now holds for the line (suspended or active again) is kept with the SIM, as a block's is.
    const held = order.characteristics['state'];
    if (state === 'completed' && order.service === 'mobileLine' && (held === 'active' || held === 'suspended'))
      await lineStateAtNetwork(tx, ssn, held);
    const [row] = await tx
      .select()
      .from(lineControls)
      .where(and(eq(lineControls.ssn, ssn), eq(lineControls.control, control)))
      .for('update');
    // Only the line's latest change is settled by its orders; an older one's answer changes nothing.
    if (!row || String(row.changedAt.getTime()) !== stamp || row.network !== 'switching') return;
    const now = clock();
    if (state !== 'completed') {
      await tx
        .update(lineControls)
        .set({ value: row.previous, until: row.previousUntil, network: 'refused' })
        .where(eq(lineControls.id, row.id));
      if (control === 'pause') await keepDays(tx, ssn, now, row, { value: row.previous, until: row.previousUntil });
      await history(tx, ssn, now, NETWORK, {
        say: 'household.history.refused',
        values: { what: describe(control, row.value, row.until) },
      });
      return;
    }
    // A change of pause may take two orders (one kind lifted, the other set): the new value's settles it.
    if (control === 'pause' && part !== (row.value === 'off' ? 'lift' : row.value)) return;
    await tx.update(lineControls).set({ network: 'done' }).where(eq(lineControls.id, row.id));
    await history(tx, ssn, now, NETWORK, {
      say: 'household.history.confirmed',
      values: { what: describe(control, row.value, row.until) },
    });
  },
);
