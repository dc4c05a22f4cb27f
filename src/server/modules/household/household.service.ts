import { and, asc, eq, gt, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import { formatMsisdn } from '../../../contract/format.ts';
import {
  householdMessages,
  householdNotices,
  type Household,
  type HouseholdInvitation,
  type HouseholdLine,
} from '../../../contract/household.schema.ts';
import { HOUSEHOLD_MAX_LINES } from '../../../contract/household.ts';
import type { PaymentType } from '../../../contract/payments.schema.ts';
import { batched } from '../../db/batch.ts';
import { prepared, type Database, type Queryable } from '../../db/client.ts';
import { householdInvitations, householdLines, households, members, sims } from '../../db/schema.ts';
import { balanceSummary } from '../account/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { pay, type MoneyContext } from '../money/index.ts';
import { glanceAt } from './controls/controls.read.ts';
import { endOpenRequests, liftHouseholdControls } from './controls/controls.service.ts';
import type { Applied, Purchase } from '../money/index.ts';

export { nameOf } from './household.people.ts';
import { nameOf } from './household.people.ts';
import { notify } from '../alerts/index.ts';

const lineLabel = (name: string, msisdn: string | null) =>
  `${name.split(' ')[0] || 'a'}'s line${msisdn ? ` ${formatMsisdn(msisdn)}` : ''}`;

/** The owner's household, if the member owns one. */
export const ownedBy = async (db: Queryable, memberId: number) =>
  (await db.select().from(households).where(eq(households.ownerId, memberId)))[0];

/** How many lines a household has. */
export const linesIn = async (db: Queryable, householdId: number) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(householdLines)
        .where(eq(householdLines.householdId, householdId))
    )[0]?.n ?? 0,
  );

/**
 * The lines of the household a member runs (as its owner, or a manager: their own line aside) with
 * their SIM and member; one line when `ssn` is given.
 */
const linesQuery = (db: Queryable, runnerId: number, ssn?: string) => {
  const managed = db
    .select({ id: householdLines.householdId })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .where(and(eq(sims.memberId, runnerId), eq(householdLines.role, 'manager')));
  return db
    .select({ line: householdLines, sim: sims, member: members })
    .from(householdLines)
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(
      and(
        or(eq(households.ownerId, runnerId), and(inArray(households.id, managed), ne(sims.memberId, runnerId))),
        ssn === undefined ? undefined : eq(householdLines.ssn, ssn),
      ),
    );
};

/** A line of the household the member runs (with its member), locked when asked: a payment waits for a removal or a leave, or sees it. */
async function lineOfOwner(db: Queryable, runnerId: number, ssn: string, lock = false) {
  const query = linesQuery(db, runnerId, ssn);
  return (await (lock ? query.for('update', { of: householdLines }) : query))[0];
}

export const live = (now: Date) => and(isNull(householdInvitations.endedAt), gt(householdInvitations.expiresAt, now));

/** What a member sees of their household: their role, whose household their SIMs are in, live invitations. */
export async function householdOf(
  { db, clock }: ServiceContext,
  memberId: number,
): Promise<Omit<Household, 'requests' | 'open_requests_per_line'>> {
  const now = clock();
  const owned = await ownedBy(db, memberId);
  // The member's SIMs that are lines, with the owner of their household (one at most: a line cannot own one).
  const mine = await db
    .select({
      ssn: householdLines.ssn,
      msisdn: sims.msisdn,
      role: householdLines.role,
      under18: householdLines.under18,
      owner: members,
    })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .innerJoin(members, eq(members.id, households.ownerId))
    .where(eq(sims.memberId, memberId));
  const owner = mine[0]?.owner;
  const invitation = { id: householdInvitations.id, msisdn: sims.msisdn, expires_at: householdInvitations.expiresAt };
  const sent = owned
    ? await db
        .select(invitation)
        .from(householdInvitations)
        .innerJoin(sims, eq(sims.ssn, householdInvitations.ssn))
        .where(and(eq(householdInvitations.householdId, owned.id), live(now)))
        .orderBy(asc(householdInvitations.id))
    : [];
  const received = await db
    .select({ ...invitation, firstname: members.firstname, lastname: members.lastname })
    .from(householdInvitations)
    .innerJoin(sims, eq(sims.ssn, householdInvitations.ssn))
    .innerJoin(households, eq(households.id, householdInvitations.householdId))
    .innerJoin(members, eq(members.id, households.ownerId))
    .where(and(eq(sims.memberId, memberId), live(now)))
    .orderBy(asc(householdInvitations.id));
  const lineCount = owned ? await linesIn(db, owned.id) : 0;
  const [me] = owned ? await db.select().from(members).where(eq(members.id, memberId)) : [];
  const ownerName = me ? nameOf(me) : '';
  const shape = (r: { id: number; msisdn: string | null; expires_at: Date }, name: string): HouseholdInvitation => ({
    id: r.id,
    msisdn: r.msisdn,
    owner_name: name,
    expires_at: r.expires_at.toISOString(),
  });
  return {
    role: mine.length ? 'line' : owned && (lineCount > 0 || sent.length > 0) ? 'owner' : 'none',
    max_lines: HOUSEHOLD_MAX_LINES,
    line_count: lineCount,
    owner: owner ? { name: nameOf(owner), email: owner.email } : null,
    my_lines: mine.map((l) => ({ ssn: l.ssn, msisdn: l.msisdn, under_18: l.under18 === 'accepted' })),
    manager: mine.some((l) => l.role === 'manager'),
    sent: sent.map((r) => shape(r, ownerName)),
    received: received.map((r) => shape(r, nameOf(r))),
  };
}

/** One line's figures from the balance summary (the dashboard's own code), with what the household adds. */
async function figuresOf(
  ctx: ServiceContext,
  row: { line: typeof householdLines.$inferSelect; sim: typeof sims.$inferSelect; member: typeof members.$inferSelect },
): Promise<HouseholdLine> {
  const summary = await balanceSummary(ctx, row.member.id, row.sim.ssn);
  const s = summary.ok ? summary.value : null;
  return {
    ssn: row.sim.ssn,
    msisdn: row.sim.msisdn,
    name: nameOf(row.member),
    credit_cents: s?.main ?? 0,
    membership: s?.current_membership ?? null,
    is_unlimited: s?.is_unlimited ?? false,
    data_left_kb: s ? s.left_data : 0,
    data_max_kb: s ? s.max_data : 0,
    days_left: s?.days_left ?? 0,
    ends_at: s?.expiry_date ?? null,
    auto_renew: s?.recurrence_enabled ?? false,
    queued: s?.have_queued_membership ?? false,
    spend_limit_cents: row.line.spendLimitCents,
    joined_at: row.line.joinedAt.toISOString(),
    role: row.line.role,
    used: {
      data_kb: s?.used_data ?? 0,
      minutes: (s?.mobile_minutes.used ?? 0) + (s?.minutes.used ?? 0),
      texts: s?.text.used ?? 0,
    },
    state: await glanceAt(ctx.db, row.line),
    figures_unavailable: !s,
  };
}

export async function linesOf(ctx: ServiceContext, ownerId: number): Promise<HouseholdLine[]> {
  const rows = await batched(ctx.db, 'household_lines', linesOfRunners).load(ownerId);
  return Promise.all(rows.map((r) => figuresOf(ctx, r)));
}

/** The lines a member runs by name and number alone: no figures (no balance read, nothing asked of billing). */
export async function linesNamed(ctx: ServiceContext, runnerId: number) {
  const rows = await batched(ctx.db, 'household_lines', linesOfRunners).load(runnerId);
  return rows.map((r) => ({ ssn: r.sim.ssn, msisdn: r.sim.msisdn, name: nameOf(r.member) }));
}

type LineRow = Awaited<ReturnType<typeof linesQuery>>[number];

/** The households the given members manage (prepared: the household screen's first read). */
const managedQuery = (db: Database) =>
  prepared(db, 'household_managed', (d) =>
    d
      .select({ householdId: householdLines.householdId, memberId: sims.memberId })
      .from(householdLines)
      .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
      .where(and(sql`${sims.memberId} = any(${sql.placeholder('runners')}::int[])`, eq(householdLines.role, 'manager')))
      .prepare('household_managed'),
  );

/** Every line of the households the given members own or manage, in slot order (prepared: its second read). */
const runLinesQuery = (db: Database) =>
  prepared(db, 'household_run_lines', (d) =>
    d
      .select({ line: householdLines, sim: sims, member: members, ownerId: households.ownerId })
      .from(householdLines)
      .innerJoin(households, eq(households.id, householdLines.householdId))
      .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
      .innerJoin(members, eq(members.id, sims.memberId))
      .where(
        or(
          sql`${households.ownerId} = any(${sql.placeholder('runners')}::int[])`,
          sql`${households.id} = any(${sql.placeholder('managed')}::int[])`,
        ),
      )
      .orderBy(asc(householdLines.slot))
      .prepare('household_run_lines'),
  );

/**
 * The lines of the households many members run, in two queries for all of them (the household screen
 * of every member reading it at the moment): the households they manage, then every line of those and
 * of the ones they own; each member gets those of theirs, their own line aside, in slot order.
 */
async function linesOfRunners(db: Database, runners: readonly number[]): Promise<LineRow[][]> {
  const ids = [...runners];
  const managed = await managedQuery(db).execute({ runners: ids });
  const rows = await runLinesQuery(db).execute({ runners: ids, managed: managed.map((m) => m.householdId) });
  return runners.map((runner) =>
    rows
      .filter(
        (r) =>
          r.ownerId === runner ||
          (r.sim.memberId !== runner &&
            managed.some((m) => m.memberId === runner && m.householdId === r.line.householdId)),
      )
      .map(({ line, sim, member }) => ({ line, sim, member })),
  );
}

export async function lineFigures(
  ctx: ServiceContext,
  ownerId: number,
  ssn: string,
): Promise<Outcome<HouseholdLine, 'noSuchLine'>> {
  const row = await lineOfOwner(ctx.db, ownerId, ssn);
  return row ? done(await figuresOf(ctx, row)) : refused('noSuchLine');
}

export async function remove({ db, clock }: ServiceContext, ownerId: number, ssn: string) {
  return db.transaction(async (tx) => {
    // The owner, or a manager (not of their own line: they leave instead).
    const held = await lineOfOwner(tx, ownerId, ssn, true);
    if (!held) return refused('noSuchLine');
    if (!(await takeOut(tx, clock(), ssn))) return refused('noSuchLine');
    const [line] = await tx
      .select({ memberId: sims.memberId, msisdn: sims.msisdn })
      .from(sims)
      .where(eq(sims.ssn, ssn));
    const [owner] = await tx.select().from(members).where(eq(members.id, ownerId));
    if (line?.memberId)
      await notify(
        tx,
        line.memberId,
        clock(),
        householdNotices.removed(nameOf(owner!), formatMsisdn(line.msisdn ?? '')),
      );
    return done({ message: householdMessages.removed });
  });
}

export async function leave({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  return db.transaction(async (tx) => {
    const mine = tx.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, memberId));
    const [line] = await tx
      .select()
      .from(householdLines)
      .where(and(eq(householdLines.ssn, ssn), inArray(householdLines.ssn, mine)))
      .for('update');
    if (!line) return refused('notYourLine');
    // A line marked under 18 leaves only when its owner or a manager approves (a request): its filters hold until then.
    if (line.under18 === 'accepted') return refused('under18Leave');
    if (!(await leaveIn(tx, clock(), ssn))) return refused('notYourLine');
    return done({ message: householdMessages.left });
  });
}

/** A line taken out of its household (it left, or was removed): what the household set on it lifted, its open requests ended. */
async function takeOut(tx: Queryable, now: Date, ssn: string) {
  const [row] = await tx.delete(householdLines).where(eq(householdLines.ssn, ssn)).returning();
  if (!row) return undefined;
  await liftHouseholdControls(tx, now, ssn, row);
  await endOpenRequests(tx, now, ssn);
  return row;
}

/**
 * A line leaves its household, in the caller's transaction: what the household set on it is lifted,
 * its open requests end, and the owner is told. False when it is no longer a line.
 */
export async function leaveIn(tx: Queryable, now: Date, ssn: string): Promise<boolean> {
  const row = await takeOut(tx, now, ssn);
  if (!row) return false;
  const [household] = await tx.select().from(households).where(eq(households.id, row.householdId));
  const [sim] = await tx.select({ msisdn: sims.msisdn, memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  const [me] = sim?.memberId ? await tx.select().from(members).where(eq(members.id, sim.memberId)) : [];
  if (household && me)
    await notify(tx, household.ownerId, now, householdNotices.left(nameOf(me), formatMsisdn(sim?.msisdn ?? '')));
  return true;
}

export async function setSpendLimit({ db }: ServiceContext, ownerId: number, ssn: string, limit: number | null) {
  const line = await lineOfOwner(db, ownerId, ssn);
  if (!line) return refused('noSuchLine');
  const [row] = await db
    .update(householdLines)
    .set({ spendLimitCents: limit })
    .where(and(eq(householdLines.ssn, ssn), eq(householdLines.householdId, line.line.householdId)))
    .returning();
  return row
    ? done({ spend_limit_cents: row.spendLimitCents, message: householdMessages.limitSet(row.spendLimitCents) })
    : refused('noSuchLine');
}

/**
 * The owner pays for a line (a membership or credit): the owner's credit first or stored card, the
 * owner's spend limit; one transaction writes the line's purchase, the owner's ledger row naming
 * the line and the line's row naming the household. The line is checked (and locked) inside each
 * of the payment's transactions, so a line that leaves meanwhile is not paid for.
 */
export async function buyForLine<G extends string = never>(
  ctx: MoneyContext,
  ownerId: number,
  order: { ssn: string; fromSsn: string; purchase: Purchase; paymentType: PaymentType },
  /** What the purchase settles besides (a request it approves): checked and written in the payment's transactions. */
  also?: { guard: (tx: Queryable) => Promise<G | null>; then: (tx: Queryable) => Promise<void> },
) {
  const { db } = ctx;
  const [from] = await db
    .select()
    .from(sims)
    .where(and(eq(sims.ssn, order.fromSsn), eq(sims.memberId, ownerId)));
  if (!from) return refused('notYourSim');
  const row = await lineOfOwner(db, ownerId, order.ssn);
  if (!row) return refused('noSuchLine');
  const [owner] = await db.select().from(members).where(eq(members.id, ownerId));
  const label = lineLabel(nameOf(row.member), row.sim.msisdn);
  const outcome = await pay<'noSuchLine' | 'payerBlocked' | G>(ctx, {
    memberId: ownerId,
    ssn: order.ssn,
    purchase: order.purchase,
    paymentType: order.paymentType,
    from: {
      ssn: order.fromSsn,
      ownerRow: `for ${label}`,
      lineRow: `paid by ${owner!.firstname}'s household`,
      guard: async (tx) =>
        (await lineOfOwner(tx, ownerId, order.ssn, true)) ? ((await also?.guard(tx)) ?? null) : 'noSuchLine',
      payerBlocked: 'payerBlocked',
      then: also?.then,
    },
  });
  if (!outcome.ok) return outcome;
  return done({ ...outcome.value, label });
}

export type { Applied };

/**
 * An account closing (docs/product/privacy): the household it owns is dissolved, each of its other
 * members' lines told and what the household set on them lifted at the network; its own SIMs leave
 * the households they are lines of, and their invitations go.
 */
export async function closeHouseholdsOf(tx: Queryable, now: Date, memberId: number, ownSsns: string[]) {
  const owned = await ownedBy(tx, memberId);
  if (owned) {
    const lines = await tx.delete(householdLines).where(eq(householdLines.householdId, owned.id)).returning();
    for (const row of lines) {
      await liftHouseholdControls(tx, now, row.ssn, row);
      await endOpenRequests(tx, now, row.ssn);
    }
    await tx.delete(households).where(eq(households.id, owned.id));
  }
  if (ownSsns.length > 0) {
    await tx.delete(householdLines).where(inArray(householdLines.ssn, ownSsns));
    await tx.delete(householdInvitations).where(inArray(householdInvitations.ssn, ownSsns));
  }
}
