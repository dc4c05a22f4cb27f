import type { LineFilter } from '../../../../contract/household.ts';
import { LINE_FILTER_NAMES } from '../../../../contract/household.schema.ts';
import { irishFormat } from '../../../../contract/irish-time.ts';
import type { Queryable } from '../../../db/client.ts';
import { lineHistory } from '../../../db/schema.ts';
import { shiftMembershipDays } from '../../money/index.ts';

/** What a line's history and its rows speak of: a control, who acts when nobody did, a line's words. */

export type Control = 'pause' | LineFilter;

export const AUTOMATIC = 'Automatically';
export const NETWORK = 'The network';

export const GB = 1024 * 1024;

export const describe = (control: Control, value: string, until: Date | null) =>
  control === 'pause'
    ? value === 'off'
      ? 'service resumed'
      : `${value === 'all' ? 'all service' : 'data'} paused until ${until ? shortDay(until) : 'resumed'}`
    : `the ${LINE_FILTER_NAMES[control].toLowerCase()} switched ${value === 'on' ? 'on' : 'off'}`;

/** The last day before an instant (a pause ends at the start of the next), as the history says it: "1 March". */
const dayAndMonth = irishFormat({ day: 'numeric', month: 'long' });
export const shortDay = (at: Date) => dayAndMonth.format(new Date(at.getTime() - 1));

/**
 * No renewal falls while all service is paused, and the membership keeps its days: its end moves on
 * by as long as all service is paused. Moving from one state of the pause to another moves it by the
 * difference (a pause ended early gives back what was not used).
 */
export async function keepDays(
  tx: Queryable,
  ssn: string,
  now: Date,
  from: { value: string; until: Date | null },
  to: { value: string; until: Date | null },
) {
  const reach = (v: { value: string; until: Date | null }) =>
    v.value === 'all' && v.until ? v.until.getTime() : now.getTime();
  await shiftMembershipDays(tx, ssn, reach(to) - reach(from), now);
}

/** A line of the line's history: who did what, when. */
export const history = (tx: Queryable, ssn: string, at: Date, actor: string, text: string) =>
  tx.insert(lineHistory).values({ ssn, at, actor, text });
