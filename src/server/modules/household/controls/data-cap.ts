import { eq } from 'drizzle-orm';
import { householdMessages, householdNotices, type LineControls } from '../../../../contract/household.schema.ts';
import type { Queryable } from '../../../db/client.ts';
import { householdLines, households, members, sims } from '../../../db/schema.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { notify } from '../../alerts/index.ts';
import { periodUseOf } from '../../money/index.ts';
import { orderDataBar, standingDataBar } from '../../network/index.ts';
import { nameOf } from '../household.people.ts';
import { actingOn, runs, view } from './controls.read.ts';
import { AUTOMATIC, GB, history } from './record.ts';
import type { Unsaid } from '../said.ts';

/**
 * The household's cap on a line's data, held to: crossed this period, data is stopped at the network
 * (once a period); under it again (a new period, a higher cap, none), started again. At 80 % and at
 * the cap the line and the owner are told, once each a period.
 */
export async function holdCap(tx: Queryable, now: Date, ssn: string): Promise<boolean> {
  const [line] = await tx
    .select({ line: householdLines, ownerId: households.ownerId, member: members, msisdn: sims.msisdn })
    .from(householdLines)
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(eq(householdLines.ssn, ssn))
    .for('update', { of: householdLines });
  const standing = await standingDataBar(tx, ssn, 'householdCap');
  const period = await periodUseOf(tx, ssn, now);
  const cap = line?.line.dataCapKb ?? null;
  const over = cap !== null && period !== null && period.usedKb >= cap;
  const key = `p${period?.id ?? 0}`;
  const sim = { ssn, msisdn: line?.msisdn ?? standing?.msisdn ?? null };
  let changed = false;
  if (over && !(standing?.barred && standing.key.startsWith(`${key}:`))) {
    await orderDataBar(tx, () => now, sim, true, 'householdCap', `${key}:${now.getTime()}`);
    await history(tx, ssn, now, AUTOMATIC, {
      say: 'household.history.capReached',
      values: { gb: Math.round(cap / GB) },
    });
    changed = true;
  } else if (!over && standing?.barred) {
    await orderDataBar(tx, () => now, sim, false, 'householdCap', `${key}:${now.getTime()}`);
    await history(tx, ssn, now, AUTOMATIC, { say: 'household.history.underCap' });
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
): Promise<Outcome<Unsaid<LineControls>, 'noSuchControlledLine'>> {
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
  await history(
    tx,
    ssn,
    now,
    actor,
    gb === null ? { say: 'household.history.capRemoved' } : { say: 'household.history.capped', values: { gb } },
  );
  await holdCap(tx, now, ssn);
}
