import { simIsBlocked } from '../lines/index.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import {
  carryoverSuccess,
  ALREADY_USED,
  flexiRefusal,
  MONTHLY_OF,
  type FlexiAction,
  type FlexiRefusal,
} from '../../../contract/flexi-data.schema.ts';
import { gbLabel } from '../../../contract/format.ts';
import { isCheckViolation, isUniqueViolation, type Queryable } from '../../db/client.ts';
import { balances, donations, flexiActions, memberships, sims, vaults } from '../../db/schema.ts';
import { intoSafe, unusedOf } from './flexi-data.ts';
import { monthOf } from '../../kernel/calendar.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { changeMembership, currentMembershipAt, recordMove } from '../money/index.ts';
import { sharingAllowed } from './sharing-rules.ts';

type Membership = typeof memberships.$inferSelect;

type Refusal = Extract<Outcome<never, FlexiRefusal>, { ok: false }>;

/** The current memberships of these SIMs, rows locked in id order (two SIMs: no deadlock whatever the direction). */
async function lockedCurrent(tx: Queryable, ssns: string[], now: Date): Promise<Membership[]> {
  return tx
    .select()
    .from(memberships)
    .where(and(inArray(memberships.ssn, ssns), currentMembershipAt(now)))
    .orderBy(asc(memberships.id))
    .for('update');
}

export const monthActionOf = async (db: Queryable, ssn: string, now: Date) =>
  (
    await db
      .select()
      .from(flexiActions)
      .where(and(eq(flexiActions.ssn, ssn), eq(flexiActions.month, monthOf(now))))
  )[0];

/** The billing platform's answer for this SIM: whether it answers, and whether the SIM has account details. */
export async function backendProblem(db: Queryable, ssn: string): Promise<Refusal | null> {
  const [row] = await db
    .select({ billing: sims.billingStatus, balance: balances.ssn })
    .from(sims)
    .leftJoin(balances, eq(balances.ssn, sims.ssn))
    .where(eq(sims.ssn, ssn));
  if (!row || row.billing === 'unavailable') return refused('backendUnavailable');
  if (!row.balance) return refused('accountDetailsMissing');
  return null;
}

interface Move<T> {
  ssn: string;
  /** The action: its refusals are flexiRefusal's (the contract's one rule), its monthly count MONTHLY_OF's. */
  action: FlexiAction;
  /** Whole GB, or all unused data (carryover). */
  amountGb: number | 'all';
  /** Another member's number (spot me, share): their SIM must be active with a limited current membership. */
  to?: string;
  /** Puts the data where it goes, in the same transaction; `kb` has left the member's membership already. */
  apply: (
    tx: Queryable,
    m: Membership,
    kb: number,
    cause: string,
    now: Date,
    recipient?: { m: Membership; msisdn: string },
  ) => Promise<T>;
  /** The member's ledger row: its description. */
  describe: (kb: number, recipient?: string) => string;
}

/**
 * Moves the member's unused data out of the current membership, in one transaction: the membership
 * row is locked (both SIMs' rows for spot me and share, in id order), the rules are checked on what
 * is locked, the once-a-month action is recorded (its unique index is the last word on the rule) and
 * the cause writes one ledger row per SIM. The schema's check (used + out <= max + in) makes moving
 * more than exists impossible even if a rule here were wrong.
 */
export async function moveOut<T>(
  { db, clock }: ServiceContext,
  move: Move<T>,
): Promise<Outcome<T & { unused_kb: number }, FlexiRefusal>> {
  const problem = await backendProblem(db, move.ssn);
  if (problem) return problem;
  const monthly = MONTHLY_OF[move.action];
  const cause = `flexi:${randomUUID()}`;
  try {
    return await db.transaction(async (tx) => {
      const now = clock();
      let recipient: { ssn: string; msisdn: string } | undefined;
      if (move.to !== undefined) {
        const [sim] = await tx
          .select({
            ssn: sims.ssn,
            msisdn: sims.msisdn,
            status: sims.status,
            billing: sims.billingStatus,
            memberId: sims.memberId,
          })
          .from(sims)
          .where(eq(sims.msisdn, move.to));
        const [own] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, move.ssn));
        // Not to oneself: the same SIM, or another SIM of the same member.
        if (sim && (sim.ssn === move.ssn || sim.memberId === own?.memberId)) return refused('toSelf');
        if (!sim || sim.status !== 'active' || sim.billing !== 'ok') return refused('notAMember');
        // An under-18 line whose household turned sharing off gives and gets data within its household only.
        if (!(await sharingAllowed(tx, move.ssn, sim.ssn))) return refused('householdOnly');
        recipient = { ssn: sim.ssn, msisdn: sim.msisdn! };
      }
      if (await simIsBlocked(tx, move.ssn)) return refused('simBlocked');
      const locked = await lockedCurrent(tx, recipient ? [move.ssn, recipient.ssn] : [move.ssn], now);
      const m = locked.find((r) => r.ssn === move.ssn);
      const taken = m && monthly ? await monthActionOf(tx, move.ssn, now) : undefined;
      const rule = flexiRefusal(move.action, {
        membership: m
          ? {
              unlimited: unusedOf(m) === null,
              unusedKb: unusedOf(m) ?? 0,
              landlineUnlimited: m.landlineMinutesMax === null,
            }
          : null,
        monthAction: taken?.action ?? null,
        safeKb: null,
      });
      if (rule || !m) return refused(rule ?? 'noMembership');
      const unused = unusedOf(m) ?? 0;
      let to: { m: Membership; msisdn: string } | undefined;
      if (recipient) {
        const theirs = locked.find((r) => r.ssn === recipient.ssn);
        if (!theirs) return refused('notAMember');
        if (theirs.dataMaxKb === null) return refused('recipientUnlimited');
        to = { m: theirs, msisdn: recipient.msisdn };
      }
      const kb = move.amountGb === 'all' ? unused : move.amountGb * KB_PER_GB;
      if (kb > unused) return refused('tooMuch');

      await changeMembership(tx, m.id, { dataOutKb: kb });
      if (monthly)
        await tx
          .insert(flexiActions)
          .values({ ssn: move.ssn, month: monthOf(now), action: monthly, dataKb: kb, createdAt: now });
      await recordMove(tx, {
        ssn: move.ssn,
        at: now,
        kind: 'flexi',
        description: move.describe(kb, to?.msisdn),
        dataDeltaKb: -kb,
        reference: cause,
      });
      const value = await move.apply(tx, m, kb, cause, now, to);
      return done({ ...value, unused_kb: unused - kb });
    });
  } catch (error) {
    // The database's rules decided a race the locks did not see (they should have): answer as the rule says.
    if (isUniqueViolation(error) && monthly) {
      const taken = await monthActionOf(db, move.ssn, clock());
      if (taken) return refused(ALREADY_USED[taken.action]);
    }
    if (isCheckViolation(error)) return refused('tooMuch');
    throw error;
  }
}

/** Carries all unused data over to the next membership; says by when a membership is needed if none will follow. */
export async function carryover(ctx: ServiceContext, ssn: string) {
  const outcome = await moveOut(ctx, {
    ssn,
    action: 'carryover',
    amountGb: 'all',
    describe: (kb) => `Carryover: ${gbLabel(kb)} kept for your next membership`,
    apply: async (tx, m, kb) => {
      await changeMembership(tx, m.id, { carryForwardKb: kb });
      const [queued] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'queued')));
      const continues = m.recurrenceEnabled || Boolean(queued);
      return {
        message: carryoverSuccess(kb),
        carried_kb: kb,
        needs_membership_by: continues ? null : m.endsAt.toISOString(),
      };
    },
  });
  return outcome;
}

export async function donate(ctx: ServiceContext, ssn: string, amountGb: number) {
  return moveOut(ctx, {
    ssn,
    action: 'donate',
    amountGb,
    describe: (kb) => `Donated ${gbLabel(kb)} to the 48 community`,
    apply: async (tx, _m, kb, _cause, now) => {
      await tx.insert(donations).values({ ssn, occurredAt: now, dataKb: kb });
      return { donated_kb: kb };
    },
  });
}

export async function save(ctx: ServiceContext, ssn: string, amountGb: number) {
  return moveOut(ctx, {
    ssn,
    action: 'save',
    amountGb,
    describe: (kb) => `Saved ${gbLabel(kb)} in The Safe`,
    apply: async (tx, _m, kb, _cause, now) => ({ balance_kb: await intoSafe(tx, ssn, kb, now) }),
  });
}

export async function swap(ctx: ServiceContext, ssn: string, amountGb: number) {
  return moveOut(ctx, {
    ssn,
    amountGb,
    action: 'swap',
    describe: (kb) => `Swapped ${gbLabel(kb)} for ${Math.round((kb / KB_PER_GB) * MINUTES_PER_GB)} landline minutes`,
    apply: async (tx, m, kb) => {
      const added = Math.round((kb / KB_PER_GB) * MINUTES_PER_GB);
      const max = m.landlineMinutesMax! + added;
      await changeMembership(tx, m.id, { landlineMinutesMax: added });
      return {
        minutes_added: added,
        minutes: { max, used: m.landlineMinutesUsed, left: Math.max(0, max - m.landlineMinutesUsed) },
      };
    },
  });
}

/** Moves data from The Safe into the current membership; not a monthly action. */
export async function unlock(
  { db, clock }: ServiceContext,
  ssn: string,
  amountGb: number,
): Promise<Outcome<{ balance_kb: number; unused_kb: number }, FlexiRefusal>> {
  const problem = await backendProblem(db, ssn);
  if (problem) return problem;
  const kb = amountGb * KB_PER_GB;
  try {
    return await db.transaction(async (tx) => {
      const now = clock();
      if (await simIsBlocked(tx, ssn)) return refused('simBlocked');
      const [m] = await lockedCurrent(tx, [ssn], now);
      const [vault] = await tx.select().from(vaults).where(eq(vaults.ssn, ssn)).for('update');
      const rule = flexiRefusal('unlock', {
        membership: m
          ? {
              unlimited: m.dataMaxKb === null,
              unusedKb: unusedOf(m) ?? 0,
              landlineUnlimited: m.landlineMinutesMax === null,
            }
          : null,
        monthAction: null,
        safeKb: vault?.balanceKb ?? 0,
      });
      if (rule || !m || !vault) return refused(rule ?? 'noMembership');
      if (vault.balanceKb < kb) return refused('safeTooLittle');
      await tx
        .update(vaults)
        .set({ balanceKb: vault.balanceKb - kb, updatedAt: now })
        .where(eq(vaults.ssn, ssn));
      await changeMembership(tx, m.id, { dataInKb: kb });
      await recordMove(tx, {
        ssn,
        at: now,
        kind: 'flexi',
        description: `Unlocked ${gbLabel(kb)} from The Safe`,
        dataDeltaKb: kb,
        reference: `flexi:${randomUUID()}`,
      });
      return done({ balance_kb: vault.balanceKb - kb, unused_kb: (unusedOf(m) ?? 0) + kb });
    });
  } catch (error) {
    if (isCheckViolation(error)) return refused('safeTooLittle');
    throw error;
  }
}
