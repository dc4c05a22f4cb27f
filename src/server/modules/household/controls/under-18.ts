import { eq, inArray } from 'drizzle-orm';
import { householdMessages, householdNotices, type LineControls } from '../../../../contract/household.schema.ts';
import { LINE_FILTERS } from '../../../../contract/household.ts';
import type { Queryable } from '../../../db/client.ts';
import { householdLines, lineControls, sims } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { notify } from '../../alerts/index.ts';
import { change, FILTER_ORDERS, lockedControl } from './change.ts';
import { actingOn, runs, under18Of, view } from './controls.read.ts';
import { history } from './record.ts';
import type { Unsaid } from '../said.ts';

/**
 * Whether data may go from one SIM to another (spot me, share): yes, unless either is a line whose
 * household turned sharing off (an under-18 line) and the other is not a line of the same household.
 */
export async function sharingAllowed(q: Queryable, fromSsn: string, toSsn: string): Promise<boolean> {
  const rows = await q
    .select({ ssn: householdLines.ssn, householdId: householdLines.householdId, off: householdLines.sharingOff })
    .from(householdLines)
    .where(inArray(householdLines.ssn, [fromSsn, toSsn]));
  const from = rows.find((r) => r.ssn === fromSsn);
  const to = rows.find((r) => r.ssn === toSsn);
  if (from && to && from.householdId === to.householdId) return true;
  return !from?.off && !to?.off;
}

/** The owner or a manager turns an under-18 line's sharing outside the household on or off. */
export async function setSharing(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  on: boolean,
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine' | 'sharingUnder18Only'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || !runs(acting)) return refused('noSuchControlledLine');
    if ((await under18Of(tx, ssn)) !== 'accepted') return refused('sharingUnder18Only');
    const [line] = await tx
      .select({ off: householdLines.sharingOff })
      .from(householdLines)
      .where(eq(householdLines.ssn, ssn));
    if (line?.off === !on) return done(await view(tx, acting, ssn));
    await tx.update(householdLines).set({ sharingOff: !on }).where(eq(householdLines.ssn, ssn));
    await history(tx, ssn, clock(), acting.name, {
      say: on ? 'household.history.sharingOutside' : 'household.history.sharingInside',
    });
    return done(await view(tx, acting, ssn, householdMessages.sharingSet(on)));
  });
}

/** The owner asks to mark a line under 18 (the line accepts), or takes the mark away. */
export async function setUnder18(
  { db, clock }: ServiceContext,
  ownerId: number,
  ssn: string,
  under18: boolean,
): Promise<Outcome<Unsaid<LineControls>, 'noSuchLine'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, ownerId, ssn, clock());
    if (!acting || acting.as !== 'owner') return refused('noSuchLine');
    const now = clock();
    const state = await under18Of(tx, ssn);
    if (under18 && state === null) {
      await tx.update(householdLines).set({ under18: 'asked' }).where(eq(householdLines.ssn, ssn));
      await history(tx, ssn, now, acting.name, { say: 'household.history.askedUnder18' });
      const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
      if (line?.memberId) await notify(tx, line.memberId, now, householdNotices.under18Asked(acting.name));
      return done(await view(tx, acting, ssn, householdMessages.under18Asked));
    }
    if (!under18 && state !== null) {
      await tx.update(householdLines).set({ under18: null }).where(eq(householdLines.ssn, ssn));
      await history(tx, ssn, now, acting.name, { say: 'household.history.unmarked' });
      return done(await view(tx, acting, ssn, householdMessages.under18Removed));
    }
    return done(await view(tx, acting, ssn));
  });
}

/** The line accepts being marked under 18 (its filters and bars go on, set by the household) or declines. */
export async function answerUnder18(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  accept: boolean,
): Promise<Outcome<Unsaid<LineControls>, 'notAsked'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || acting.as !== 'self' || (await under18Of(tx, ssn)) !== 'asked') return refused('notAsked');
    const now = clock();
    await tx
      .update(householdLines)
      .set({ under18: accept ? 'accepted' : null })
      .where(eq(householdLines.ssn, ssn));
    await history(tx, ssn, now, acting.name, {
      say: accept ? 'household.history.acceptedUnder18' : 'household.history.declinedUnder18',
    });
    if (accept)
      for (const filter of LINE_FILTERS) {
        const row = await lockedControl(tx, ssn, filter, now);
        if (row.value === 'on') {
          await tx.update(lineControls).set({ byHousehold: true }).where(eq(lineControls.id, row.id));
          continue;
        }
        await change(tx, now, row, 'on', null, [{ part: 'on', ...FILTER_ORDERS[filter](true) }], true);
      }
    return done(
      await view(tx, acting, ssn, accept ? householdMessages.under18Accepted : householdMessages.under18Declined),
    );
  });
}
