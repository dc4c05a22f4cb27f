import { and, eq } from 'drizzle-orm';
import type { Roaming } from '../../../contract/roaming.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { sims } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { chooseCap, goOnThisMonth, readRoaming } from './roaming.ts';
import { liftRoamingBar } from '../network/index.ts';
import { monthOf } from '../../kernel/calendar.ts';

type RoamingOutcome = Outcome<Roaming, 'notYourSim'>;

const ownSim = async ({ db }: ServiceContext, memberId: number, ssn: string) =>
  (
    await db
      .select({ ssn: sims.ssn })
      .from(sims)
      .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId)))
  ).length > 0;

/** my48 → Roaming: where the SIM is, its EU allowance, this month by country, the cap and the notices. */
export async function roamingOf(ctx: ServiceContext, memberId: number, ssn: string): Promise<RoamingOutcome> {
  if (!(await ownSim(ctx, memberId, ssn))) return refused('notYourSim');
  return done(await readRoaming(ctx, memberId, ssn));
}

/** Another cap on data outside Zone 1 (€50, €100, €200 or none), from now on. */
export async function setCap(
  ctx: ServiceContext,
  memberId: number,
  ssn: string,
  capCents: number | null,
): Promise<RoamingOutcome> {
  if (!(await ownSim(ctx, memberId, ssn))) return refused('notYourSim');
  await ctx.db.transaction(async (tx) => {
    await chooseCap(tx, ssn, capCents);
    // A cap above this month's spend (or none) lets data abroad go on: the network's bar is lifted.
    const view = await readRoaming({ db: tx, clock: ctx.clock }, memberId, ssn);
    if (!view.cap.stopped) await liftRoamingBar(tx, ctx.clock, ssn, view.month);
  });
  return done(await readRoaming(ctx, memberId, ssn));
}

/** "Keep using data abroad this month": data goes on past the cap until the month ends. */
export async function goOn(ctx: ServiceContext, memberId: number, ssn: string): Promise<RoamingOutcome> {
  if (!(await ownSim(ctx, memberId, ssn))) return refused('notYourSim');
  await ctx.db.transaction((tx) => letDataGoOnAbroad(tx, ctx.clock, ssn));
  return done(await readRoaming(ctx, memberId, ssn));
}

/** Data abroad goes on past the cap until the month ends, in the caller's transaction (the member's choice, or their household's approval). */
export async function letDataGoOnAbroad(tx: Queryable, clock: Clock, ssn: string) {
  await goOnThisMonth(tx, clock, ssn);
  await liftRoamingBar(tx, clock, ssn, monthOf(clock()));
}
