import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import type { HouseholdLine, LineControls } from '../../../../contract/household.schema.ts';
import { LINE_FILTERS, type PauseKind } from '../../../../contract/household.ts';
import { batched } from '../../../db/batch.ts';
import { prepared, type Database, type Queryable } from '../../../db/client.ts';
import { householdLines, households, lineControls, lineHistory, members, sims } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { revivedNotice } from '../../alerts/index.ts';
import { periodUseOf } from '../../money/index.ts';
import { standingDataBar } from '../../network/index.ts';
import { nameOf } from '../household.people.ts';
import { actorWords, GB, type Control } from './record.ts';
import type { NoticeValue } from '../../../../contract/i18n/notice.ts';
import type { Unsaid } from '../said.ts';

/** The read model of a line's controls: who acts on it, and what they see of it. */

/** Who acts on a line: its household's owner or a manager, or the line's own member. */
export type Acting = { name: string; as: 'owner' | 'manager' | 'self'; householdId: number | null; now: Date };

/**
 * Who the member is to the line: the owner or a manager of the household it is a line of, or the
 * line's own member; none: not theirs to see (404, as for a line that does not exist).
 */
export async function actingOn(db: Queryable, memberId: number, ssn: string, now: Date): Promise<Acting | null> {
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

export const runs = (acting: Acting) => acting.as === 'owner' || acting.as === 'manager';

/** The line's controls as the caller sees them. */
export async function view(
  db: Queryable,
  acting: Acting,
  ssn: string,
  message?: NoticeValue,
): Promise<Unsaid<LineControls>> {
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
  const period = await periodUseOf(db, ssn, acting.now);
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
    history: past.map((h) => ({
      at: h.at.toISOString(),
      actor: actorWords(h.actor),
      text: h.said ? revivedNotice(h.said) : h.text,
    })),
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
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine'>> {
  const acting = await actingOn(db, memberId, ssn, clock());
  return acting ? done(await view(db, acting, ssn)) : refused('noSuchControlledLine');
}

/** An under-18 line's mark (asked, accepted or none), its row locked. */
export const under18Of = async (q: Queryable, ssn: string) =>
  (
    await q
      .select({ under18: householdLines.under18 })
      .from(householdLines)
      .where(eq(householdLines.ssn, ssn))
      .for('update')
  )[0]?.under18 ?? null;

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

/** The controls that are not off, of many lines at once (prepared: the household screen reads it for every line). */
const controlsQuery = (db: Database) =>
  prepared(db, 'line_controls_glance', (d) =>
    d
      .select({ ssn: lineControls.ssn, control: lineControls.control, value: lineControls.value })
      .from(lineControls)
      .where(and(sql`${lineControls.ssn} = any(${sql.placeholder('ssns')}::text[])`, ne(lineControls.value, 'off')))
      .prepare('line_controls_glance'),
  );

async function controlsOfLines(db: Database, ssns: readonly string[]) {
  const rows = await controlsQuery(db).execute({ ssns: [...ssns] });
  return ssns.map((ssn) => rows.filter((r) => r.ssn === ssn));
}
