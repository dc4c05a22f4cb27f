import { and, asc, eq, gte, or, sql } from 'drizzle-orm';
import { euro } from '../../../contract/format.ts';
import { GOODWILL_WINDOW_DAYS, REQUEST_EXPIRY_HOURS, STAFF_LIMITS } from '../../../contract/staff.ts';
import { isUniqueViolation, type Queryable } from '../../db/client.ts';
import { members, sims, staffMoney, staffPeople, staffRequests } from '../../db/schema.ts';
import { sendMail } from '../../integrations/mail/index.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { sayIn } from '../alerts/index.ts';
import { record } from '../audit/index.ts';
import { creditFromStaff, ledgerRow } from '../money/index.ts';
import type { StaffSession } from './session.ts';

const DAY_MS = 86_400_000;

export interface Acted {
  message: string;
  state: 'done' | 'requested';
  request_id: number | null;
  credit_cents: number | null;
}

type Move = {
  kind: 'goodwill' | 'reversal';
  memberId: number;
  ssn: string;
  cents: number;
  reverses: number | null;
  reason: string;
};

/** One member's money moves by staff at a time (any instance): the 30 days' goodwill is counted under it. */
const lockMember = (tx: Queryable, memberId: number) =>
  tx.execute(sql`select pg_advisory_xact_lock(4849, ${memberId})`);

/**
 * The move itself, once: its row (whose id is the ledger's cause), the credit and its ledger row,
 * the audit entry and the member's mail, in the caller's transaction.
 */
async function apply(
  tx: Queryable,
  now: Date,
  by: StaffSession,
  move: Move,
  requestId: number | null,
): Promise<number> {
  const [row] = await tx
    .insert(staffMoney)
    .values({
      kind: move.kind,
      memberId: move.memberId,
      ssn: move.ssn,
      cents: move.cents,
      reverses: move.reverses,
      requestId,
      personId: by.id,
      at: now,
    })
    .returning({ id: staffMoney.id });
  const credit = await creditFromStaff(tx, now, {
    ssn: move.ssn,
    cents: move.cents,
    reference: `staff:${row!.id}`,
    kind: move.kind,
    description: move.kind === 'goodwill' ? 'Goodwill credit from 48' : 'A charge given back by 48',
  });
  await record(tx, now, by, {
    action: move.kind,
    memberId: move.memberId,
    reason: move.reason,
    result: `${euro(move.cents)} to ${move.ssn}${move.reverses ? ` (ledger ${move.reverses} reversed)` : ''}, staff:${row!.id}`,
  });
  // Told in the member's language (docs/product/languages.md).
  const [member] = await tx
    .select({ email: members.email, name: members.firstname, language: members.language })
    .from(members)
    .where(eq(members.id, move.memberId));
  if (member) {
    const values = { name: member.name, amount: { euro: move.cents }, credit: { euro: credit } };
    await sendMail(tx, () => now, {
      to: member.email,
      subject: sayIn(member.language, { say: `mail.staffCredit.${move.kind}.subject`, values }),
      body: sayIn(member.language, { say: `mail.staffCredit.${move.kind}.body`, values }),
    });
  }
  return credit;
}

async function request(tx: Queryable, now: Date, by: StaffSession, move: Move): Promise<Acted> {
  const [row] = await tx
    .insert(staffRequests)
    .values({
      kind: move.kind,
      memberId: move.memberId,
      ssn: move.ssn,
      amountCents: move.cents,
      ledgerId: move.reverses,
      reason: move.reason,
      askedBy: by.id,
      askedAt: now,
      expiresAt: new Date(now.getTime() + REQUEST_EXPIRY_HOURS * 3600_000),
    })
    .returning({ id: staffRequests.id });
  await record(tx, now, by, {
    action: 'requested',
    memberId: move.memberId,
    reason: move.reason,
    result: `${move.kind} of ${euro(move.cents)} above ${by.name}’s limit: request ${row!.id}`,
  });
  return {
    message: `${euro(move.cents)} is above your limit: request ${row!.id} waits for a supervisor’s approval.`,
    state: 'requested',
    request_id: row!.id,
    credit_cents: null,
  };
}

/** Goodwill credit: within the role's limit over 30 days for the member, done; above it, a request. */
export async function giveGoodwill(
  { db, clock }: ServiceContext,
  by: StaffSession,
  memberId: number,
  input: { ssn: string; amount_cents: number; reason: string },
): Promise<Outcome<Acted, 'noMember' | 'noLine' | 'lineClosed'>> {
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const [line] = await tx
      .select({ ssn: sims.ssn, msisdn: sims.msisdn })
      .from(sims)
      .where(and(eq(sims.ssn, input.ssn), eq(sims.memberId, memberId)));
    if (!line) return refused((await memberOf(tx, memberId)) ? 'noLine' : 'noMember');
    if (!line.msisdn) return refused('lineClosed');
    const now = clock();
    const move: Move = {
      kind: 'goodwill',
      memberId,
      ssn: input.ssn,
      cents: input.amount_cents,
      reverses: null,
      reason: input.reason,
    };
    const limit = STAFF_LIMITS[by.role]?.goodwill ?? 0;
    const [given] = await tx
      .select({ cents: sql<number>`coalesce(sum(${staffMoney.cents}), 0)::int` })
      .from(staffMoney)
      .where(
        and(
          eq(staffMoney.memberId, memberId),
          eq(staffMoney.kind, 'goodwill'),
          gte(staffMoney.at, new Date(now.getTime() - GOODWILL_WINDOW_DAYS * DAY_MS)),
        ),
      );
    if (Number(given?.cents ?? 0) + input.amount_cents > limit) return done(await request(tx, now, by, move));
    const credit = await apply(tx, now, by, move, null);
    return done({
      message: `${euro(input.amount_cents)} goodwill credit given.`,
      state: 'done',
      request_id: null,
      credit_cents: credit,
    });
  });
}

const memberOf = async (tx: Queryable, memberId: number) =>
  (await tx.select({ id: members.id }).from(members).where(eq(members.id, memberId)))[0];

/** A charge from credit reversed once: within the role's limit, done; above it, a request. */
export async function reverseCharge(
  { db, clock }: ServiceContext,
  by: StaffSession,
  memberId: number,
  input: { ledger_id: number; reason: string },
): Promise<Outcome<Acted, 'noCharge' | 'notACharge' | 'reversedAlready'>> {
  try {
    return await db.transaction(async (tx) => {
      await lockMember(tx, memberId);
      const row = await ledgerRow(tx, input.ledger_id);
      const [line] = row
        ? await tx
            .select({ ssn: sims.ssn })
            .from(sims)
            .where(and(eq(sims.ssn, row.ssn), eq(sims.memberId, memberId)))
        : [];
      if (!row || !line) return refused('noCharge');
      // Only a row that took credit is a charge (what staff gave is a credit: never reversed here).
      if (row.creditDeltaCents >= 0) return refused('notACharge');
      const [reversed] = await tx.select({ id: staffMoney.id }).from(staffMoney).where(eq(staffMoney.reverses, row.id));
      const [waiting] = await tx
        .select({ id: staffRequests.id })
        .from(staffRequests)
        .where(and(eq(staffRequests.ledgerId, row.id), eq(staffRequests.state, 'waiting')));
      if (reversed || waiting) return refused('reversedAlready');
      const now = clock();
      const cents = -row.creditDeltaCents;
      const move: Move = { kind: 'reversal', memberId, ssn: row.ssn, cents, reverses: row.id, reason: input.reason };
      if (cents > (STAFF_LIMITS[by.role]?.reversal ?? 0)) return done(await request(tx, now, by, move));
      const credit = await apply(tx, now, by, move, null);
      return done({
        message: `${euro(cents)} given back: “${row.description}” reversed.`,
        state: 'done',
        request_id: null,
        credit_cents: credit,
      });
    });
  } catch (error) {
    // Two reversals of one charge at once: the unique index lets one through.
    if (isUniqueViolation(error)) return refused('reversedAlready');
    throw error;
  }
}

/** Requests waiting (oldest first) and those decided in the last 7 days. */
export async function requestsFor({ db, clock }: ServiceContext, by: StaffSession) {
  const now = clock();
  await expireRequests(db, now);
  const rows = await db
    .select({ r: staffRequests, first: members.firstname, last: members.lastname, asker: staffPeople.name })
    .from(staffRequests)
    .innerJoin(members, eq(members.id, staffRequests.memberId))
    .innerJoin(staffPeople, eq(staffPeople.id, staffRequests.askedBy))
    .where(or(eq(staffRequests.state, 'waiting'), gte(staffRequests.decidedAt, new Date(now.getTime() - 7 * DAY_MS))))
    .orderBy(asc(staffRequests.askedAt))
    .limit(200);
  return rows.map(({ r, first, last, asker }) => ({
    id: r.id,
    kind: r.kind,
    member_id: r.memberId,
    member_name: `${first} ${last}`,
    amount_cents: r.amountCents,
    ledger_id: r.ledgerId,
    reason: r.reason,
    asked_by: asker,
    asked_at: r.askedAt.toISOString(),
    expires_at: r.expiresAt.toISOString(),
    state: r.state,
    mine: r.askedBy === by.id,
  }));
}

/** Requests no one decided in 72 hours end. */
export async function expireRequests(db: Queryable, now: Date) {
  const ended = await db
    .update(staffRequests)
    .set({ state: 'expired' })
    .where(and(eq(staffRequests.state, 'waiting'), sql`${staffRequests.expiresAt} <= ${now}`))
    .returning({ id: staffRequests.id });
  return ended.length;
}

/**
 * Another person decides a request, once: the request's row is locked, so two approvers at once give
 * one credit (the second finds it decided); the move applies with the request's id, unique.
 */
export async function decideRequest(
  { db, clock }: ServiceContext,
  by: StaffSession,
  requestId: number,
  input: { decision: 'approve' | 'decline'; note: string },
): Promise<Outcome<Acted, 'noRequest' | 'ownRequest' | 'decidedAlready' | 'expired' | 'reversedAlready'>> {
  try {
    return await db.transaction(async (tx) => {
      const [r] = await tx.select().from(staffRequests).where(eq(staffRequests.id, requestId)).for('update');
      if (!r) return refused('noRequest');
      if (r.askedBy === by.id) return refused('ownRequest');
      if (r.state !== 'waiting') return refused(r.state === 'expired' ? 'expired' : 'decidedAlready');
      const now = clock();
      if (r.expiresAt <= now) {
        await tx.update(staffRequests).set({ state: 'expired' }).where(eq(staffRequests.id, r.id));
        return refused('expired');
      }
      await lockMember(tx, r.memberId);
      const approve = input.decision === 'approve';
      await tx
        .update(staffRequests)
        .set({ state: approve ? 'approved' : 'declined', decidedBy: by.id, decidedAt: now, note: input.note || null })
        .where(eq(staffRequests.id, r.id));
      await record(tx, now, by, {
        action: approve ? 'approved' : 'declined',
        memberId: r.memberId,
        reason: input.note || r.reason,
        result: `request ${r.id}: ${r.kind} of ${euro(r.amountCents)}`,
      });
      if (!approve)
        return done({
          message: `Request ${r.id} declined.`,
          state: 'done' as const,
          request_id: r.id,
          credit_cents: null,
        });
      const credit = await apply(
        tx,
        now,
        by,
        {
          kind: r.kind,
          memberId: r.memberId,
          ssn: r.ssn,
          cents: r.amountCents,
          reverses: r.ledgerId,
          reason: r.reason,
        },
        r.id,
      );
      return done({
        message: `Request ${r.id} approved: ${euro(r.amountCents)} ${r.kind === 'goodwill' ? 'goodwill credit given' : 'given back'}.`,
        state: 'done' as const,
        request_id: r.id,
        credit_cents: credit,
      });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused('reversedAlready');
    throw error;
  }
}
