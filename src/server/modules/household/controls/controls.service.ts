import { and, eq, inArray, ne } from 'drizzle-orm';
import { householdMessages, householdNotices } from '../../../../contract/household.schema.ts';
import type { LineControls } from '../../../../contract/household.schema.ts';
import { PAUSE_MAX_DAYS, type HouseholdRole, type LineFilter, type PauseKind } from '../../../../contract/household.ts';
import { irishDayOf } from '../../../../contract/irish-time.ts';
import type { Queryable } from '../../../db/client.ts';
import { householdLines, householdRequests, households, lineControls, members, sims } from '../../../db/schema.ts';
import { dayStartOf } from '../../../kernel/calendar.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { notify } from '../../alerts/index.ts';
import { orderDataBar, standingDataBar } from '../../network/index.ts';
import { nameOf } from '../household.people.ts';
import { change, FILTER_ORDERS, lockedControl, pauseOrder } from './change.ts';
import { actingOn, runs, under18Of, view } from './controls.read.ts';
import { AUTOMATIC, history, keepDays, lastDayOf } from './record.ts';
import type { NoticeValue } from '../../../../contract/i18n/notice.ts';
import type { Unsaid } from '../said.ts';

/**
 * Controls the network enforces on a line (docs/product/lifelines.md "Controls"): a pause of data or
 * of all service, the adult content filter, and bars on premium-rate numbers and third-party
 * charges. Each change is one transaction that keeps what it was, orders the change through the
 * network's outbox, and writes who did it in the line's history; the network's answer settles it
 * (a refusal puts the line back as it was).
 */

export async function setFilter(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  filter: LineFilter,
  on: boolean,
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine' | 'under18Filters'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting) return refused('noSuchControlledLine');
    if (acting.as === 'self' && (await under18Of(tx, ssn)) === 'accepted') return refused('under18Filters');
    const now = clock();
    const row = await lockedControl(tx, ssn, filter, now);
    // Already so (a second press, a race): nothing ordered again.
    if ((row.value === 'on') === on) return done(await view(tx, acting, ssn));
    await change(
      tx,
      now,
      row,
      on ? 'on' : 'off',
      null,
      [{ part: on ? 'on' : 'off', ...FILTER_ORDERS[filter](on) }],
      runs(acting),
    );
    await history(tx, ssn, now, acting.name, { say: `household.history.switched.${filter}.${on ? 'on' : 'off'}` });
    return done(await view(tx, acting, ssn, householdMessages.filterSet(filter, on)));
  });
}

/** The instant a pause ends: the morning after its last day (Irish time). */
const endOfDay = (day: string) => {
  const next = new Date(`${day}T12:00:00Z`);
  next.setUTCDate(next.getUTCDate() + 1);
  return dayStartOf(next);
};

export async function pause(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  kind: PauseKind,
  lastDay: string | undefined,
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine' | 'pausePast' | 'pauseTooLong'>> {
  const now = clock();
  const latest = new Date(now.getTime() + PAUSE_MAX_DAYS * 86_400_000);
  // None given: to the end of the last day allowed (whole days, so a second press asks for the same).
  const until = endOfDay(lastDay ?? irishDayOf(latest));
  if (Number.isNaN(until.getTime()) || until <= now) return refused('pausePast');
  if (until.getTime() > endOfDay(irishDayOf(latest)).getTime()) return refused('pauseTooLong');
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || !runs(acting)) return refused('noSuchControlledLine');
    const row = await lockedControl(tx, ssn, 'pause', now);
    if (row.value === kind && row.until?.getTime() === until.getTime())
      // Asked again (a second press, a race): nothing changes, nobody is told twice.
      return done(await view(tx, acting, ssn));
    if (row.value === kind) {
      // The same pause: only its end moves (nothing new for the network).
      await tx.update(lineControls).set({ until }).where(eq(lineControls.id, row.id));
      await keepDays(tx, ssn, now, row, { value: kind, until });
    } else {
      const lift = row.value === 'off' ? [] : [{ part: 'lift', ...pauseOrder(row.value as PauseKind, false) }];
      await change(tx, now, row, kind, until, [...lift, { part: kind, ...pauseOrder(kind, true) }], true);
    }
    await history(tx, ssn, now, acting.name, {
      say: kind === 'all' ? 'household.history.pausedAll' : 'household.history.pausedData',
      values: { until: lastDayOf(until) },
    });
    const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
    if (line?.memberId && line.memberId !== memberId)
      await notify(tx, line.memberId, now, householdNotices.paused(acting.name, kind, until));
    return done(await view(tx, acting, ssn, householdMessages.paused(kind)));
  });
}

/** A paused line on again: by its owner or a manager now, or by itself when its pause ends. */
export async function resumeIn(tx: Queryable, now: Date, ssn: string, actor: string): Promise<boolean> {
  const row = await lockedControl(tx, ssn, 'pause', now);
  if (row.value === 'off') return false;
  await change(tx, now, row, 'off', null, [{ part: 'lift', ...pauseOrder(row.value as PauseKind, false) }]);
  await history(tx, ssn, now, actor, { say: 'household.history.resumed' });
  const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (line?.memberId) await notify(tx, line.memberId, now, householdNotices.resumed(actor));
  return true;
}

export async function resume(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || !runs(acting)) return refused('noSuchControlledLine');
    const resumed = await resumeIn(tx, clock(), ssn, acting.name);
    return done(await view(tx, acting, ssn, resumed ? householdMessages.resumed : undefined));
  });
}

/** The owner makes a line a manager or a member again. */
export async function setRole(
  { db, clock }: ServiceContext,
  ownerId: number,
  ssn: string,
  role: HouseholdRole,
): Promise<Outcome<{ message: NoticeValue }, 'noSuchLine'>> {
  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(members).where(eq(members.id, ownerId));
    const ours = and(
      eq(householdLines.ssn, ssn),
      inArray(
        householdLines.householdId,
        tx.select({ id: households.id }).from(households).where(eq(households.ownerId, ownerId)),
      ),
    );
    // Changed only where it differs (the row's lock orders presses at once): one change, one line of history.
    const updated = await tx
      .update(householdLines)
      .set({ role })
      .where(and(ours, ne(householdLines.role, role)))
      .returning({ ssn: householdLines.ssn });
    if (updated.length === 0) {
      const [line] = await tx.select({ ssn: householdLines.ssn }).from(householdLines).where(ours);
      return line && owner ? done({ message: householdMessages.roleSet(role) }) : refused('noSuchLine');
    }
    if (!owner) return refused('noSuchLine');
    await history(tx, ssn, clock(), nameOf(owner), {
      say: role === 'manager' ? 'household.history.madeManager' : 'household.history.madeMember',
    });
    return done({ message: householdMessages.roleSet(role) });
  });
}

/**
 * A line leaving its household keeps its number; what the household set on it at the network (a
 * pause, a filter or bar) is lifted, and the line is told. What the line set for itself stays.
 */
export async function liftHouseholdControls(
  tx: Queryable,
  now: Date,
  ssn: string,
  /** The line as it was in the household (its row is gone with the leaving, and its sharing rule with it). */
  was: { sharingOff: boolean },
) {
  await resumeIn(tx, now, ssn, AUTOMATIC);
  const kept = was.sharingOff;
  const capped = await standingDataBar(tx, ssn, 'householdCap');
  if (capped?.barred)
    await orderDataBar(tx, () => now, { ssn, msisdn: capped.msisdn }, false, 'householdCap', `left:${now.getTime()}`);
  const set = await tx
    .select()
    .from(lineControls)
    .where(and(eq(lineControls.ssn, ssn), eq(lineControls.byHousehold, true), eq(lineControls.value, 'on')));
  for (const { control } of set) {
    if (control === 'pause') continue;
    const row = await lockedControl(tx, ssn, control, now);
    await change(tx, now, row, 'off', null, [{ part: 'off', ...FILTER_ORDERS[control](false) }]);
    await history(tx, ssn, now, AUTOMATIC, { say: `household.history.leftOff.${control}` });
  }
  // The line is told what was lifted (a pause's end tells it by itself).
  const lifted = [
    ...set.filter((r) => r.control !== 'pause').map((r) => r.control as LineFilter),
    ...(kept ? (['sharing'] as const) : []),
    ...(capped?.barred ? (['cap'] as const) : []),
  ];
  const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (lifted.length > 0 && line?.memberId) await notify(tx, line.memberId, now, householdNotices.lifted(lifted));
}

/** A line that leaves its household, or is removed, takes its open requests with it (nobody may approve them after). */
export async function endOpenRequests(tx: Queryable, now: Date, ssn: string) {
  await tx
    .update(householdRequests)
    .set({ state: 'withdrawn', seat: null, answeredAt: now, approvingUntil: null })
    .where(and(eq(householdRequests.ssn, ssn), eq(householdRequests.state, 'open')));
}

/** Whether the household holds a line's service suspended (all of it paused): unblocking a lost SIM leaves it so. */
export async function pausedAll(q: Queryable, ssn: string): Promise<boolean> {
  const [row] = await q
    .select({ value: lineControls.value })
    .from(lineControls)
    .where(and(eq(lineControls.ssn, ssn), eq(lineControls.control, 'pause')));
  return row?.value === 'all';
}
