import { and, asc, desc, eq, inArray, isNotNull, lte, ne } from 'drizzle-orm';
import {
  householdMessages,
  householdNotices,
  LINE_FILTER_NAMES,
  type HouseholdLine,
  type LineControls,
} from '../../../contract/household.schema.ts';
import {
  LINE_FILTERS,
  PAUSE_MAX_DAYS,
  type HouseholdRole,
  type LineFilter,
  type PauseKind,
} from '../../../contract/household.ts';
import { irishDayOf, irishFormat } from '../../../contract/irish-time.ts';
import { NETWORK_ORDER_ENDS, type NetworkService } from '../../../contract/network.ts';
import { batched } from '../../db/batch.ts';
import type { Database, Queryable } from '../../db/client.ts';
import {
  householdLines,
  householdRequests,
  households,
  lineControls,
  lineHistory,
  members,
  sims,
} from '../../db/schema.ts';
import { dayStartOf } from '../../kernel/calendar.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { periodUseOf, shiftMembershipDays } from '../money/index.ts';
import { lineStateAtNetwork } from '../lines/index.ts';
import { orderCause, orderDataBar, queueNetworkOrder, standingDataBar } from '../network/index.ts';
import { nameOf } from './household.people.ts';
import { notify } from '../alerts/index.ts';

/**
 * Controls the network enforces on a line (docs/product/lifelines.md "Controls"): a pause of data or
 * of all service, the adult content filter, and bars on premium-rate numbers and third-party
 * charges. Each change is one transaction that keeps what it was, orders the change through the
 * network's outbox, and writes who did it in the line's history; the network's answer settles it
 * (a refusal puts the line back as it was).
 */

type Control = 'pause' | LineFilter;
/** Who acts on a line: its household's owner or a manager, or the line's own member. */
type Acting = { name: string; as: 'owner' | 'manager' | 'self'; householdId: number | null; now: Date };

const AUTOMATIC = 'Automatically';
const NETWORK = 'The network';

/** One order of a change: which control, which line, which change (its time), and the part it plays. */
const controlOrder = orderCause<{ control: Control; ssn: string; stamp: string; part: string }>(
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
      await history(tx, ssn, now, NETWORK, `refused: ${describe(control, row.value, row.until)}. Nothing changed.`);
      return;
    }
    // A change of pause may take two orders (one kind lifted, the other set): the new value's settles it.
    if (control === 'pause' && part !== (row.value === 'off' ? 'lift' : row.value)) return;
    await tx.update(lineControls).set({ network: 'done' }).where(eq(lineControls.id, row.id));
    await history(tx, ssn, now, NETWORK, `confirmed: ${describe(control, row.value, row.until)}.`);
  },
);

const describe = (control: Control, value: string, until: Date | null) =>
  control === 'pause'
    ? value === 'off'
      ? 'service resumed'
      : `${value === 'all' ? 'all service' : 'data'} paused until ${until ? shortDay(until) : 'resumed'}`
    : `the ${LINE_FILTER_NAMES[control].toLowerCase()} switched ${value === 'on' ? 'on' : 'off'}`;

/** The last day before an instant (a pause ends at the start of the next), as the history says it: "1 March". */
const dayAndMonth = irishFormat({ day: 'numeric', month: 'long' });
const shortDay = (at: Date) => dayAndMonth.format(new Date(at.getTime() - 1));

/**
 * No renewal falls while all service is paused, and the membership keeps its days: its end moves on
 * by as long as all service is paused. Moving from one state of the pause to another moves it by the
 * difference (a pause ended early gives back what was not used).
 */
async function keepDays(
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

const history = (tx: Queryable, ssn: string, at: Date, actor: string, text: string) =>
  tx.insert(lineHistory).values({ ssn, at, actor, text });

/** What a filter's order asks of the network. */
const FILTER_ORDERS: Record<
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
const pauseOrder = (
  kind: PauseKind,
  on: boolean,
): { service: NetworkService; characteristics: Record<string, string | boolean> } =>
  kind === 'data'
    ? { service: 'dataAccess' as const, characteristics: { barred: on, reason: 'paused' } }
    : { service: 'mobileLine' as const, characteristics: { state: on ? 'suspended' : 'active', reason: 'paused' } };

/**
 * Who the member is to the line: the owner or a manager of the household it is a line of, or the
 * line's own member; none: not theirs to see (404, as for a line that does not exist).
 */
async function actingOn(db: Queryable, memberId: number, ssn: string, now: Date): Promise<Acting | null> {
  const [me] = await db.select().from(members).where(eq(members.id, memberId));
  if (!me) return null;
  const [line] = await db
    .select({ householdId: householdLines.householdId, ownerId: households.ownerId })
    .from(householdLines)
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .where(eq(householdLines.ssn, ssn));
  if (line) {
    if (line.ownerId === memberId) return { name: nameOf(me), as: 'owner', householdId: line.householdId, now };
    const [managing] = await db
      .select({ ssn: householdLines.ssn })
      .from(householdLines)
      .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
      .where(
        and(
          eq(householdLines.householdId, line.householdId),
          eq(householdLines.role, 'manager'),
          eq(sims.memberId, memberId),
          ne(householdLines.ssn, ssn),
        ),
      );
    if (managing) return { name: nameOf(me), as: 'manager', householdId: line.householdId, now };
  }
  const [own] = await db
    .select({ ssn: sims.ssn })
    .from(sims)
    .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId)));
  return own ? { name: nameOf(me), as: 'self', householdId: line?.householdId ?? null, now } : null;
}

const runs = (acting: Acting) => acting.as === 'owner' || acting.as === 'manager';

/** The line's controls as the caller sees them. */
async function view(db: Queryable, acting: Acting, ssn: string, message?: string): Promise<LineControls> {
  const rows = await db.select().from(lineControls).where(eq(lineControls.ssn, ssn));
  const of = (control: Control) => rows.find((r) => r.control === control);
  const pause = of('pause');
  const [sim] = await db.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  const [line] = await db
    .select({
      role: householdLines.role,
      under18: householdLines.under18,
      capKb: householdLines.dataCapKb,
      sharingOff: householdLines.sharingOff,
    })
    .from(householdLines)
    .where(eq(householdLines.ssn, ssn));
  const period = await periodOf(db, ssn, acting.now);
  const capBar = line?.capKb ? await standingDataBar(db, ssn, 'householdCap') : null;
  const seenBy = acting.householdId === null ? [] : await runnersOf(db, acting.householdId, ssn);
  const past = await db
    .select()
    .from(lineHistory)
    .where(eq(lineHistory.ssn, ssn))
    .orderBy(desc(lineHistory.at), desc(lineHistory.id))
    .limit(20);
  return {
    ssn,
    msisdn: sim?.msisdn ?? null,
    pause: {
      kind: pause && pause.value !== 'off' ? (pause.value as PauseKind) : null,
      until: pause && pause.value !== 'off' && pause.until ? pause.until.toISOString() : null,
      network: pause?.network ?? null,
    },
    data_cap: {
      gb: line?.capKb ? Math.round(line.capKb / GB) : null,
      used_kb: period?.usedKb ?? 0,
      barred: capBar?.barred === true,
    },
    filters: LINE_FILTERS.map((filter) => ({
      filter,
      on: of(filter)?.value === 'on',
      network: of(filter)?.network ?? null,
    })),
    can: {
      pause: runs(acting),
      filters: runs(acting) || line?.under18 !== 'accepted',
      role: acting.as === 'owner',
      answer_under_18: acting.as === 'self' && line?.under18 === 'asked',
      sharing: runs(acting) && line?.under18 === 'accepted',
    },
    sharing_outside: !line?.sharingOff,
    role: line?.role ?? null,
    under_18: line?.under18 ?? null,
    seen_by: seenBy,
    history: past.map((h) => ({ at: h.at.toISOString(), actor: h.actor, text: h.text })),
    ...(message ? { message } : {}),
  };
}

/** Who runs a household's lines (its owner and managers), but the line itself. */
async function runnersOf(db: Queryable, householdId: number, ssn: string) {
  const [household] = await db
    .select({ owner: members })
    .from(households)
    .innerJoin(members, eq(members.id, households.ownerId))
    .where(eq(households.id, householdId));
  const managers = await db
    .select({ member: members })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(
      and(eq(householdLines.householdId, householdId), eq(householdLines.role, 'manager'), ne(householdLines.ssn, ssn)),
    )
    .orderBy(asc(householdLines.slot));
  return [
    ...(household ? [{ name: nameOf(household.owner), role: 'owner' as const }] : []),
    ...managers.map((m) => ({ name: nameOf(m.member), role: 'manager' as const })),
  ];
}

export async function controlsOf(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<LineControls, 'noSuchControlledLine'>> {
  const acting = await actingOn(db, memberId, ssn, clock());
  return acting ? done(await view(db, acting, ssn)) : refused('noSuchControlledLine');
}

/** The row of a line's control, made when first needed and locked: a change waits for another to the same line. */
async function lockedControl(tx: Queryable, ssn: string, control: Control, now: Date) {
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
async function change(
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

export async function setFilter(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  filter: LineFilter,
  on: boolean,
): Promise<Outcome<LineControls, 'noSuchControlledLine' | 'under18Filters'>> {
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
    await history(
      tx,
      ssn,
      now,
      acting.name,
      `switched ${on ? 'on' : 'off'} the ${LINE_FILTER_NAMES[filter].toLowerCase()}.`,
    );
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
): Promise<Outcome<LineControls, 'noSuchControlledLine' | 'pausePast' | 'pauseTooLong'>> {
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
    await history(
      tx,
      ssn,
      now,
      acting.name,
      `paused ${kind === 'all' ? 'all service' : 'data'} until ${shortDay(until)}.`,
    );
    const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
    if (line?.memberId && line.memberId !== memberId)
      await notify(tx, line.memberId, now, householdNotices.paused(acting.name, kind, shortDay(until)));
    return done(await view(tx, acting, ssn, householdMessages.paused(kind)));
  });
}

/** A paused line on again: by its owner or a manager now, or by itself when its pause ends. */
async function resumeIn(tx: Queryable, now: Date, ssn: string, actor: string): Promise<boolean> {
  const row = await lockedControl(tx, ssn, 'pause', now);
  if (row.value === 'off') return false;
  await change(tx, now, row, 'off', null, [{ part: 'lift', ...pauseOrder(row.value as PauseKind, false) }]);
  await history(tx, ssn, now, actor, 'resumed the line.');
  const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (line?.memberId) await notify(tx, line.memberId, now, householdNotices.resumed(actor));
  return true;
}

export async function resume(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<LineControls, 'noSuchControlledLine'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || !runs(acting)) return refused('noSuchControlledLine');
    const resumed = await resumeIn(tx, clock(), ssn, acting.name);
    return done(await view(tx, acting, ssn, resumed ? householdMessages.resumed : undefined));
  });
}

/** The minute's job: pauses whose end has come resume by themselves, each in its own transaction. */
export async function resumeEndedPauses({ db, clock }: { db: ServiceContext['db']; clock: Clock }) {
  const now = clock();
  const due = await db
    .select({ ssn: lineControls.ssn })
    .from(lineControls)
    .where(and(eq(lineControls.control, 'pause'), ne(lineControls.value, 'off'), lte(lineControls.until, now)))
    .limit(500);
  let resumed = 0;
  for (const { ssn } of due)
    if (
      await db.transaction(async (tx) => {
        const [row] = await tx
          .select({ until: lineControls.until })
          .from(lineControls)
          .where(and(eq(lineControls.ssn, ssn), eq(lineControls.control, 'pause')))
          .for('update');
        return row?.until && row.until <= now ? resumeIn(tx, now, ssn, AUTOMATIC) : false;
      })
    )
      resumed += 1;
  return resumed;
}

/** The owner makes a line a manager or a member again. */
export async function setRole(
  { db, clock }: ServiceContext,
  ownerId: number,
  ssn: string,
  role: HouseholdRole,
): Promise<Outcome<{ message: string }, 'noSuchLine'>> {
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
    await history(
      tx,
      ssn,
      clock(),
      nameOf(owner),
      role === 'manager' ? 'made the line a manager.' : 'made the line a member.',
    );
    return done({ message: householdMessages.roleSet(role) });
  });
}

/** The household a member runs: the one they own, or the one whose lines they manage. */
export async function householdRunBy(db: Queryable, memberId: number): Promise<number | undefined> {
  const [owned] = await db.select({ id: households.id }).from(households).where(eq(households.ownerId, memberId));
  if (owned) return owned.id;
  const [managed] = await db
    .select({ id: householdLines.householdId })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .where(and(eq(sims.memberId, memberId), eq(householdLines.role, 'manager')));
  return managed?.id;
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
    await history(
      tx,
      ssn,
      now,
      AUTOMATIC,
      `switched off the ${LINE_FILTER_NAMES[control].toLowerCase()} (the line left its household).`,
    );
  }
  // The line is told what was lifted (a pause's end tells it by itself).
  const lifted = [
    ...set.filter((r) => r.control !== 'pause').map((r) => LINE_FILTER_NAMES[r.control as LineFilter].toLowerCase()),
    ...(kept ? ['sharing kept within the household'] : []),
    ...(capped?.barred ? ['the data cap'] : []),
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
): Promise<Outcome<LineControls, 'noSuchControlledLine' | 'sharingUnder18Only'>> {
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
    await history(
      tx,
      ssn,
      clock(),
      acting.name,
      on ? 'let the line share data outside the household.' : 'kept the line’s data within the household.',
    );
    return done(await view(tx, acting, ssn, householdMessages.sharingSet(on)));
  });
}

const under18Of = async (q: Queryable, ssn: string) =>
  (
    await q
      .select({ under18: householdLines.under18 })
      .from(householdLines)
      .where(eq(householdLines.ssn, ssn))
      .for('update')
  )[0]?.under18 ?? null;

/** The owner asks to mark a line under 18 (the line accepts), or takes the mark away. */
export async function setUnder18(
  { db, clock }: ServiceContext,
  ownerId: number,
  ssn: string,
  under18: boolean,
): Promise<Outcome<LineControls, 'noSuchLine'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, ownerId, ssn, clock());
    if (!acting || acting.as !== 'owner') return refused('noSuchLine');
    const now = clock();
    const state = await under18Of(tx, ssn);
    if (under18 && state === null) {
      await tx.update(householdLines).set({ under18: 'asked' }).where(eq(householdLines.ssn, ssn));
      await history(tx, ssn, now, acting.name, 'asked to mark the line under 18.');
      const [line] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
      if (line?.memberId) await notify(tx, line.memberId, now, householdNotices.under18Asked(acting.name));
      return done(await view(tx, acting, ssn, householdMessages.under18Asked));
    }
    if (!under18 && state !== null) {
      await tx.update(householdLines).set({ under18: null }).where(eq(householdLines.ssn, ssn));
      await history(tx, ssn, now, acting.name, 'took away the under-18 mark.');
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
): Promise<Outcome<LineControls, 'notAsked'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || acting.as !== 'self' || (await under18Of(tx, ssn)) !== 'asked') return refused('notAsked');
    const now = clock();
    await tx
      .update(householdLines)
      .set({ under18: accept ? 'accepted' : null })
      .where(eq(householdLines.ssn, ssn));
    await history(tx, ssn, now, acting.name, accept ? 'accepted the under-18 mark.' : 'declined the under-18 mark.');
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

const GB = 1024 * 1024;

/** The line's current membership period and the data it used in it (money keeps memberships). */
const periodOf = periodUseOf;

/**
 * The household's cap on a line's data, held to: crossed this period, data is stopped at the network
 * (once a period); under it again (a new period, a higher cap, none), started again. At 80 % and at
 * the cap the line and the owner are told, once each a period.
 */
async function holdCap(tx: Queryable, now: Date, ssn: string): Promise<boolean> {
  const [line] = await tx
    .select({ line: householdLines, ownerId: households.ownerId, member: members, msisdn: sims.msisdn })
    .from(householdLines)
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(eq(householdLines.ssn, ssn))
    .for('update', { of: householdLines });
  const standing = await standingDataBar(tx, ssn, 'householdCap');
  const period = await periodOf(tx, ssn, now);
  const cap = line?.line.dataCapKb ?? null;
  const over = cap !== null && period !== null && period.usedKb >= cap;
  const key = `p${period?.id ?? 0}`;
  const sim = { ssn, msisdn: line?.msisdn ?? standing?.msisdn ?? null };
  let changed = false;
  if (over && !(standing?.barred && standing.key.startsWith(`${key}:`))) {
    await orderDataBar(tx, () => now, sim, true, 'householdCap', `${key}:${now.getTime()}`);
    await history(tx, ssn, now, AUTOMATIC, `stopped data: the household's ${Math.round(cap / GB)} GB cap was reached.`);
    changed = true;
  } else if (!over && standing?.barred) {
    await orderDataBar(tx, () => now, sim, false, 'householdCap', `${key}:${now.getTime()}`);
    await history(tx, ssn, now, AUTOMATIC, 'started data again: under the household’s cap.');
    changed = true;
  }
  if (line && cap !== null && period) {
    const level = over ? 100 : period.usedKb * 5 >= cap * 4 ? 80 : 0;
    const told = line.line.capAlerted?.endsWith(`:${period.id}`) ? Number(line.line.capAlerted.split(':')[0]) : 0;
    if (level > told) {
      const notice = (level === 100 ? householdNotices.capReached : householdNotices.capNear)(
        nameOf(line.member),
        Math.round(cap / GB),
      );
      await notify(tx, line.member.id, now, notice);
      await notify(tx, line.ownerId, now, notice);
      await tx
        .update(householdLines)
        .set({ capAlerted: `${level}:${period.id}` })
        .where(eq(householdLines.ssn, ssn));
    }
  }
  return changed;
}

export async function setDataCap(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  gb: number | null,
): Promise<Outcome<LineControls, 'noSuchControlledLine'>> {
  return db.transaction(async (tx) => {
    const acting = await actingOn(tx, memberId, ssn, clock());
    if (!acting || !runs(acting)) return refused('noSuchControlledLine');
    const now = clock();
    const [line] = await tx
      .select({ capKb: householdLines.dataCapKb })
      .from(householdLines)
      .where(eq(householdLines.ssn, ssn))
      .for('update');
    const capKb = gb === null ? null : gb * GB;
    if (line?.capKb === capKb) return done(await view(tx, acting, ssn));
    await capIn(tx, now, ssn, gb, acting.name);
    return done(await view(tx, acting, ssn, householdMessages.capSet(gb)));
  });
}

/** A line's cap set in the caller's transaction (the line's row locked), with who set it, and held to at once. */
export async function capIn(tx: Queryable, now: Date, ssn: string, gb: number | null, actor: string) {
  await tx
    .update(householdLines)
    .set({ dataCapKb: gb === null ? null : gb * GB })
    .where(eq(householdLines.ssn, ssn));
  await history(tx, ssn, now, actor, gb === null ? 'took the data cap away.' : `capped data at ${gb} GB a period.`);
  await holdCap(tx, now, ssn);
}

/** The minute's job: every capped line held to its cap (use counted since, a new period). */
export async function holdDataCaps({ db, clock }: { db: ServiceContext['db']; clock: Clock }) {
  const now = clock();
  const capped = await db
    .select({ ssn: householdLines.ssn })
    .from(householdLines)
    .where(isNotNull(householdLines.dataCapKb));
  let changed = 0;
  for (const { ssn } of capped) if (await db.transaction((tx) => holdCap(tx, now, ssn))) changed += 1;
  return changed;
}

/** A line's controls at a glance, for the household's list of lines: the lines of every request at the moment read in one query. */
export async function glanceAt(
  db: Database,
  line: { ssn: string; dataCapKb: number | null; under18: string | null },
): Promise<HouseholdLine['state']> {
  const rows = await batched(db, 'line_controls_glance', controlsOfLines).load(line.ssn);
  const pause = rows.find((r) => r.control === 'pause');
  const capBar = line.dataCapKb ? await standingDataBar(db, line.ssn, 'householdCap') : null;
  return {
    paused: pause ? (pause.value as PauseKind) : null,
    cap_gb: line.dataCapKb ? Math.round(line.dataCapKb / GB) : null,
    capped: capBar?.barred === true,
    filters_on: LINE_FILTERS.filter((f) => rows.some((r) => r.control === f)),
    under_18: line.under18 === 'accepted',
  };
}

/** The controls that are not off, of many lines at once. */
async function controlsOfLines(db: Database, ssns: readonly string[]) {
  const rows = await db
    .select({ ssn: lineControls.ssn, control: lineControls.control, value: lineControls.value })
    .from(lineControls)
    .where(and(inArray(lineControls.ssn, [...ssns]), ne(lineControls.value, 'off')));
  return ssns.map((ssn) => rows.filter((r) => r.ssn === ssn));
}
