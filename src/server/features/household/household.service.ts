import { randomInt } from 'node:crypto';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { formatMsisdn } from '../../../contract/format.ts';
import {
  HOUSEHOLD_MAX_LINES,
  INVITATION_MINUTES,
  INVITATION_TRIES,
  householdMessages,
  householdNotices,
  type Household,
  type HouseholdInvitation,
  type HouseholdLine,
  type HouseholdRefusal,
} from '../../../contract/household.schema.ts';
import { maskEmail } from '../../../contract/step-up.schema.ts';
import type { PaymentType } from '../../../contract/payments.schema.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { householdInvitations, householdLines, households, members, notifications, sims } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import { balanceSummary } from '../../services/balance-summary.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { pay, type MoneyContext } from '../../services/pay.ts';
import type { Applied, Purchase } from '../../services/purchases.ts';
import { sameSecret, sha256 } from '../../services/tokens.ts';

/** The code's hash, salted by what never changes for the invitation (not its SIM: a number move changes that). */
const hashOf = (householdId: number, createdAt: Date, code: string) =>
  sha256(`household:${householdId}:${createdAt.getTime()}:${code}`);
const nameOf = (m: { firstname: string; lastname: string }) => `${m.firstname} ${m.lastname}`.trim();
const lineLabel = (name: string, msisdn: string | null) =>
  `${name.split(' ')[0] || 'a'}'s line${msisdn ? ` ${formatMsisdn(msisdn)}` : ''}`;

/** The owner's household, if the member owns one. */
const ownedBy = async (db: Queryable, memberId: number) =>
  (await db.select().from(households).where(eq(households.ownerId, memberId)))[0];

/** How many lines a household has. */
const linesIn = async (db: Queryable, householdId: number) =>
  Number(
    (
      await db
        .select({ n: sql<number>`count(*)::int` })
        .from(householdLines)
        .where(eq(householdLines.householdId, householdId))
    )[0]?.n ?? 0,
  );

/**
 * Whether the member holds a household that is in use: a line, or an invitation waiting. A household
 * whose lines all left (or whose invitations all ended) does not stop its owner being invited.
 */
async function holdsHousehold(db: Queryable, memberId: number, now: Date): Promise<boolean> {
  const owned = await ownedBy(db, memberId);
  if (!owned) return false;
  if ((await linesIn(db, owned.id)) > 0) return true;
  const [waiting] = await db
    .select({ id: householdInvitations.id })
    .from(householdInvitations)
    .where(and(eq(householdInvitations.householdId, owned.id), live(now)))
    .limit(1);
  return Boolean(waiting);
}

/** The owner's lines with their SIM and member; one line when `ssn` is given. */
const linesQuery = (db: Queryable, ownerId: number, ssn?: string) =>
  db
    .select({ line: householdLines, sim: sims, member: members })
    .from(householdLines)
    .innerJoin(households, eq(households.id, householdLines.householdId))
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(and(eq(households.ownerId, ownerId), ssn === undefined ? undefined : eq(householdLines.ssn, ssn)));

/** A line of the owner's household (with its member), locked when asked: a payment waits for a removal or a leave, or sees it. */
async function lineOfOwner(db: Queryable, ownerId: number, ssn: string, lock = false) {
  const query = linesQuery(db, ownerId, ssn);
  return (await (lock ? query.for('update', { of: householdLines }) : query))[0];
}

const live = (now: Date) => and(isNull(householdInvitations.endedAt), gt(householdInvitations.expiresAt, now));

/** What a member sees of their household: their role, whose household their SIMs are in, live invitations. */
export async function householdOf({ db, clock }: ServiceContext, memberId: number): Promise<Household> {
  const now = clock();
  const owned = await ownedBy(db, memberId);
  // The member's SIMs that are lines, with the owner of their household (one at most: a line cannot own one).
  const mine = await db
    .select({ ssn: householdLines.ssn, msisdn: sims.msisdn, owner: members })
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
    my_lines: mine.map((l) => ({ ssn: l.ssn, msisdn: l.msisdn })),
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
    figures_unavailable: !s,
  };
}

export async function linesOf(ctx: ServiceContext, ownerId: number): Promise<HouseholdLine[]> {
  const rows = await linesQuery(ctx.db, ownerId).orderBy(asc(householdLines.slot));
  return Promise.all(rows.map((r) => figuresOf(ctx, r)));
}

export async function lineFigures(
  ctx: ServiceContext,
  ownerId: number,
  ssn: string,
): Promise<Outcome<HouseholdLine, 'noSuchLine'>> {
  const row = await lineOfOwner(ctx.db, ownerId, ssn);
  return row ? done(await figuresOf(ctx, row)) : refused('noSuchLine');
}

/** A 6-digit code to the member of the number; a new invitation to the same SIM ends the live one. */
export async function invite(
  { db, clock }: ServiceContext,
  ownerId: number,
  msisdn: string,
): Promise<Outcome<{ id: number; msisdn: string; expires_at: string; message: string }, HouseholdRefusal>> {
  const now = clock();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  return db.transaction(async (tx) => {
    const [owner] = await tx.select().from(members).where(eq(members.id, ownerId)).for('update');
    const [target] = await tx
      .select({ sim: sims, member: members })
      .from(sims)
      .innerJoin(members, eq(members.id, sims.memberId))
      .where(and(eq(sims.msisdn, msisdn), eq(sims.status, 'active'), isNull(members.deletedAt)));
    // Every state of someone else's number answers the same (cannotInvite): the answer tells nothing of a stranger.
    if (!owner || !target) return refused('cannotInvite');
    if (target.member.id === ownerId) return refused('ownNumber');
    const [ownerIsLine] = await tx
      .select({ id: householdLines.id })
      .from(householdLines)
      .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
      .where(eq(sims.memberId, ownerId));
    if (ownerIsLine) return refused('youAreALine');
    if (await holdsHousehold(tx, target.member.id, now)) return refused('cannotInvite');
    // Refusals before the household is made: a refused invitation leaves no household behind.
    const [line] = await tx
      .select({ ownerId: households.ownerId })
      .from(householdLines)
      .innerJoin(households, eq(households.id, householdLines.householdId))
      .where(eq(householdLines.ssn, target.sim.ssn));
    if (line) return refused(line.ownerId === ownerId ? 'alreadyYourLine' : 'cannotInvite');
    await tx.insert(households).values({ ownerId, createdAt: now }).onConflictDoNothing();
    const household = (await tx.select().from(households).where(eq(households.ownerId, ownerId)).for('update'))[0]!;
    if ((await linesIn(tx, household.id)) >= HOUSEHOLD_MAX_LINES) return refused('full');
    await tx
      .update(householdInvitations)
      .set({ endedAt: now, outcome: 'replaced' })
      .where(
        and(
          eq(householdInvitations.householdId, household.id),
          eq(householdInvitations.ssn, target.sim.ssn),
          isNull(householdInvitations.endedAt),
        ),
      );
    const expiresAt = new Date(now.getTime() + INVITATION_MINUTES * 60_000);
    const [row] = await tx
      .insert(householdInvitations)
      .values({
        householdId: household.id,
        ssn: target.sim.ssn,
        codeHash: hashOf(household.id, now, code),
        expiresAt,
        createdAt: now,
      })
      .returning();
    const number = formatMsisdn(msisdn);
    await sendMail(tx, clock, {
      to: target.member.email,
      subject: `${nameOf(owner)} invites you to their 48 household`,
      body: `Hi ${target.member.firstname},\n\n${nameOf(owner)} (${maskEmail(owner.email)}) would like your number ${number} to be a line of their 48 household. The owner of a household sees your line's credit, data left and membership dates (never your transactions, messages or details), can buy memberships and credit for it, and can set a monthly limit on your own card purchases. You can leave at any time.\n\nTo accept, open my48 → Settings → Household and enter the code ${code}. It works once, for ${INVITATION_MINUTES} minutes. If you don't want to join, decline there or ignore this e-mail.\n\n48`,
    });
    return done({
      id: row!.id,
      msisdn,
      expires_at: expiresAt.toISOString(),
      message: householdMessages.invited(number),
    });
  });
}

export async function cancel({ db, clock }: ServiceContext, ownerId: number, id: number) {
  const owned = await ownedBy(db, ownerId);
  if (!owned) return refused('noSuchInvitation');
  const [row] = await db
    .update(householdInvitations)
    .set({ endedAt: clock(), outcome: 'cancelled' })
    .where(
      and(
        eq(householdInvitations.id, id),
        eq(householdInvitations.householdId, owned.id),
        isNull(householdInvitations.endedAt),
      ),
    )
    .returning();
  return row ? done({ message: householdMessages.cancelled }) : refused('noSuchInvitation');
}

/** The invited member's live invitation, locked: only the member of the invited SIM finds it. */
async function invitationFor(tx: Queryable, memberId: number, id: number) {
  const [row] = await tx
    .select({ invitation: householdInvitations })
    .from(householdInvitations)
    .innerJoin(sims, eq(sims.ssn, householdInvitations.ssn))
    .where(and(eq(householdInvitations.id, id), eq(sims.memberId, memberId), isNull(householdInvitations.endedAt)))
    .for('update', { of: householdInvitations });
  return row?.invitation;
}

/**
 * Accepts with the mailed code: a wrong code counts a try (the refusal is returned, not thrown, so
 * the count is kept); the right one ends the invitation and takes the household's lowest free slot,
 * the household's row locked so two acceptances into one household count one after the other
 * (and the slot's unique index would refuse a fifth anyway).
 */
export async function accept(
  { db, clock }: ServiceContext,
  memberId: number,
  id: number,
  code: string,
): Promise<Outcome<{ message: string }, HouseholdRefusal>> {
  try {
    return await acceptIn(db, clock(), memberId, id, code);
  } catch (error) {
    // Two households' invitations to one SIM accepted at once: its unique line row decided.
    if (isUniqueViolation(error)) return refused('inAnotherHousehold');
    throw error;
  }
}

const acceptIn = (db: ServiceContext['db'], now: Date, memberId: number, id: number, code: string) =>
  db.transaction(async (tx): Promise<Outcome<{ message: string }, HouseholdRefusal>> => {
    // The member's row, as an invitation they send locks it: joining and starting a household of one's own
    // count one after the other, so nobody ends up both a line and an owner.
    await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)).for('update');
    const inv = await invitationFor(tx, memberId, id);
    if (!inv) return refused('noSuchInvitation');
    if (inv.expiresAt <= now) return refused('codeExpired');
    if (inv.tries >= INVITATION_TRIES) return refused('tooManyTries');
    if (!sameSecret(hashOf(inv.householdId, inv.createdAt, code.trim()), inv.codeHash)) {
      await tx
        .update(householdInvitations)
        .set({ tries: sql`${householdInvitations.tries} + 1` })
        .where(eq(householdInvitations.id, inv.id));
      return refused(inv.tries + 1 >= INVITATION_TRIES ? 'tooManyTries' : 'codeWrong');
    }
    const [household] = await tx.select().from(households).where(eq(households.id, inv.householdId)).for('update');
    if (!household) return refused('noSuchInvitation');
    if (await holdsHousehold(tx, memberId, now)) return refused('youOwnOne');
    const [taken] = await tx.select().from(householdLines).where(eq(householdLines.ssn, inv.ssn));
    if (taken) return refused(taken.householdId === household.id ? 'alreadyYourLine' : 'inAnotherHousehold');
    const slots = (
      await tx
        .select({ slot: householdLines.slot })
        .from(householdLines)
        .where(eq(householdLines.householdId, household.id))
    ).map((r) => r.slot);
    const slot = [1, 2, 3, 4].find((s) => !slots.includes(s));
    if (!slot) return refused('full');
    await tx.insert(householdLines).values({ householdId: household.id, ssn: inv.ssn, slot, joinedAt: now });
    await tx
      .update(householdInvitations)
      .set({ endedAt: now, outcome: 'accepted' })
      .where(eq(householdInvitations.id, inv.id));
    const [owner] = await tx.select().from(members).where(eq(members.id, household.ownerId));
    const [line] = await tx
      .select({ member: members, msisdn: sims.msisdn })
      .from(sims)
      .innerJoin(members, eq(members.id, sims.memberId))
      .where(eq(sims.ssn, inv.ssn));
    await notify(
      tx,
      household.ownerId,
      now,
      householdNotices.joined(nameOf(line!.member), formatMsisdn(line!.msisdn ?? '')),
    );
    return done({ message: householdMessages.joined(nameOf(owner!)) });
  });

export async function decline({ db, clock }: ServiceContext, memberId: number, id: number) {
  return db.transaction(async (tx) => {
    const inv = await invitationFor(tx, memberId, id);
    if (!inv) return refused('noSuchInvitation');
    await tx
      .update(householdInvitations)
      .set({ endedAt: clock(), outcome: 'declined' })
      .where(eq(householdInvitations.id, inv.id));
    return done({ message: householdMessages.declined });
  });
}

/** Tells a member what the other side of their household did (an in-app notification, in the change's transaction). */
const notify = (tx: Queryable, memberId: number, now: Date, notice: { title: string; body: string }) =>
  tx.insert(notifications).values({ memberId, ...notice, createdAt: now });

export async function remove({ db, clock }: ServiceContext, ownerId: number, ssn: string) {
  const owned = await ownedBy(db, ownerId);
  if (!owned) return refused('noSuchLine');
  return db.transaction(async (tx) => {
    const [row] = await tx
      .delete(householdLines)
      .where(and(eq(householdLines.ssn, ssn), eq(householdLines.householdId, owned.id)))
      .returning();
    if (!row) return refused('noSuchLine');
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
    const [row] = await tx
      .delete(householdLines)
      .where(and(eq(householdLines.ssn, ssn), inArray(householdLines.ssn, mine)))
      .returning();
    if (!row) return refused('notYourLine');
    const [household] = await tx.select().from(households).where(eq(households.id, row.householdId));
    const [me] = await tx.select().from(members).where(eq(members.id, memberId));
    const [sim] = await tx.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
    if (household)
      await notify(tx, household.ownerId, clock(), householdNotices.left(nameOf(me!), formatMsisdn(sim?.msisdn ?? '')));
    return done({ message: householdMessages.left });
  });
}

export async function setSpendLimit({ db }: ServiceContext, ownerId: number, ssn: string, limit: number | null) {
  const owned = await ownedBy(db, ownerId);
  if (!owned) return refused('noSuchLine');
  const [row] = await db
    .update(householdLines)
    .set({ spendLimitCents: limit })
    .where(and(eq(householdLines.ssn, ssn), eq(householdLines.householdId, owned.id)))
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
export async function buyForLine(
  ctx: MoneyContext,
  ownerId: number,
  order: { ssn: string; fromSsn: string; purchase: Purchase; paymentType: PaymentType },
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
  const outcome = await pay<'noSuchLine' | 'payerBlocked'>(ctx, {
    memberId: ownerId,
    ssn: order.ssn,
    purchase: order.purchase,
    paymentType: order.paymentType,
    from: {
      ssn: order.fromSsn,
      ownerRow: `for ${label}`,
      lineRow: `paid by ${owner!.firstname}'s household`,
      guard: async (tx) => ((await lineOfOwner(tx, ownerId, order.ssn, true)) ? null : 'noSuchLine'),
      payerBlocked: 'payerBlocked',
    },
  });
  if (!outcome.ok) return outcome;
  return done({ ...outcome.value, label });
}

export type { Applied };
