import type { LineFilter } from '../../../../contract/household.ts';
import type { NoticeValue } from '../../../../contract/i18n/notice.ts';
import type { Queryable } from '../../../db/client.ts';
import { lineHistory } from '../../../db/schema.ts';
import { sayIn } from '../../alerts/index.ts';
import { shiftMembershipDays } from '../../money/index.ts';

/** What a line's history and its rows speak of: a control, who acts when nobody did, a line's words. */

export type Control = 'pause' | LineFilter;

export const AUTOMATIC = 'Automatically';
export const NETWORK = 'The network';

export const GB = 1024 * 1024;

/** The day a pause runs through (it ends at the start of the next), as the reader's language says a day of a month. */
export const lastDayOf = (until: Date): NoticeValue => ({ dayMonth: new Date(until.getTime() - 1) });

/** What a change of a control is, in words of the catalogue: "data paused until 1 March". */
export const describe = (control: Control, value: string, until: Date | null): NoticeValue =>
  control === 'pause'
    ? value === 'off'
      ? { say: 'household.history.serviceResumed' }
      : {
          say: value === 'all' ? 'household.history.allPaused' : 'household.history.dataPaused',
          values: { until: until ? lastDayOf(until) : { say: 'household.history.untilResumed' } },
        }
    : { say: `household.history.filter.${control}.${value === 'on' ? 'on' : 'off'}` };

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

/**
 * A line of the line's history: who did what, when. What was done is kept as words (said in the
 * reader's language) and in English as written (the record).
 */
export const history = (tx: Queryable, ssn: string, at: Date, actor: string, said: NoticeValue) =>
  tx.insert(lineHistory).values({ ssn, at, actor, text: sayIn('en', said), said });

/** Who did it, in words: a member's name as it is, or the network, or nobody ("Automatically"). */
export const actorWords = (actor: string): NoticeValue =>
  actor === AUTOMATIC
    ? { say: 'household.history.automatically' }
    : actor === NETWORK
      ? { say: 'household.history.network' }
      : actor;
