import { simIsBlocked } from '../../services/blocks.ts';
import { randomUUID } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm';
import { KB_PER_GB, MINUTES_PER_GB } from '../../../contract/constants.ts';
import {
  carryoverSuccess,
  DONATION_CONVERSION_DATE,
  ALREADY_USED,
  flexiRefusal,
  MONTHLY_OF,
  type FlexiAction,
  type FlexiOverview,
  type FlexiRefusal,
} from '../../../contract/flexi-data.schema.ts';
import { formatMsisdn, gbLabel } from '../../../contract/format.ts';
import { isCheckViolation, isUniqueViolation, type Queryable } from '../../db/client.ts';
import {
  balances,
  donations,
  flexiActions,
  ledger,
  members,
  memberships,
  products,
  sims,
  spotLoans,
  vaults,
} from '../../db/schema.ts';
import { intoSafe, safeKbOf, spottedTo, unusedOf } from '../../services/flexible-data.ts';
import { monthOf } from '../../services/calendar.ts';
import { DAY } from '../../services/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../services/outcome.ts';
import { currentMembershipAt } from '../../services/memberships.ts';

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

const monthActionOf = async (db: Queryable, ssn: string, now: Date) =>
  (
    await db
      .select()
      .from(flexiActions)
      .where(and(eq(flexiActions.ssn, ssn), eq(flexiActions.month, monthOf(now))))
  )[0];

/** The billing platform's answer for this SIM: whether it answers, and whether the SIM has account details. */
async function backendProblem(db: Queryable, ssn: string): Promise<Refusal | null> {
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
async function moveOut<T>(
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

      await tx
        .update(memberships)
        .set({ dataOutKb: m.dataOutKb + kb })
        .where(eq(memberships.id, m.id));
      if (monthly)
        await tx
          .insert(flexiActions)
          .values({ ssn: move.ssn, month: monthOf(now), action: monthly, dataKb: kb, createdAt: now });
      await tx.insert(ledger).values({
        ssn: move.ssn,
        occurredAt: now,
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
      await tx
        .update(memberships)
        .set({ carryForwardKb: m.carryForwardKb + kb })
        .where(eq(memberships.id, m.id));
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
      await tx.update(memberships).set({ landlineMinutesMax: max }).where(eq(memberships.id, m.id));
      return {
        minutes_added: added,
        minutes: { max, used: m.landlineMinutesUsed, left: Math.max(0, max - m.landlineMinutesUsed) },
      };
    },
  });
}

export async function spotMe(
  ctx: ServiceContext,
  ssn: string,
  order: { msisdn: string; amount_gb: number; days: number },
) {
  const [mine] = await ctx.db.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  return moveOut(ctx, {
    ssn,
    action: 'spotme',
    amountGb: order.amount_gb,
    to: order.msisdn,
    describe: (kb, to) =>
      `Spot me: ${gbLabel(kb)} lent to ${formatMsisdn(to ?? '')} for ${order.days} ${order.days === 1 ? 'day' : 'days'}`,
    apply: async (tx, _m, kb, cause, now, recipient) => {
      const endsAt = new Date(now.getTime() + order.days * DAY);
      await tx
        .insert(spotLoans)
        .values({ lenderSsn: ssn, borrowerSsn: recipient!.m.ssn, dataKb: kb, startsAt: now, endsAt });
      await tx.insert(ledger).values({
        ssn: recipient!.m.ssn,
        occurredAt: now,
        kind: 'flexi',
        dataDeltaKb: kb,
        reference: `${cause}:to`,
        description: `Spot me: ${gbLabel(kb)} from ${formatMsisdn(mine?.msisdn ?? '')} until ${endsAt.toISOString().slice(0, 10)}`,
      });
      return { msisdn: recipient!.msisdn, data_kb: kb, ends_at: endsAt.toISOString() };
    },
  });
}

export async function share(ctx: ServiceContext, ssn: string, order: { msisdn: string; amount_gb: number }) {
  const [mine] = await ctx.db.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, ssn));
  return moveOut(ctx, {
    ssn,
    action: 'share',
    amountGb: order.amount_gb,
    to: order.msisdn,
    describe: (kb, to) => `Shared ${gbLabel(kb)} with ${formatMsisdn(to ?? '')}`,
    apply: async (tx, _m, kb, cause, now, recipient) => {
      const theirs = recipient!.m;
      await tx
        .update(memberships)
        .set({ dataInKb: theirs.dataInKb + kb })
        .where(eq(memberships.id, theirs.id));
      await tx.insert(ledger).values({
        ssn: theirs.ssn,
        occurredAt: now,
        kind: 'flexi',
        dataDeltaKb: kb,
        reference: `${cause}:to`,
        description: `${gbLabel(kb)} shared with you by ${formatMsisdn(mine?.msisdn ?? '')}`,
      });
      return { msisdn: recipient!.msisdn, data_kb: kb };
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
      await tx
        .update(memberships)
        .set({ dataInKb: m.dataInKb + kb })
        .where(eq(memberships.id, m.id));
      await tx.insert(ledger).values({
        ssn,
        occurredAt: now,
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

/** The Safe's balance (0 when nothing was ever saved); refused when the billing platform does not answer. */
export async function safeBalance(
  { db }: ServiceContext,
  ssn: string,
): Promise<Outcome<{ balance_kb: number }, 'backendUnavailable'>> {
  const problem = await backendProblem(db, ssn);
  if (problem?.reason === 'backendUnavailable') return refused('backendUnavailable');
  return done({ balance_kb: await safeKbOf(db, ssn) });
}

/** Donations, newest first: before the conversion date they were credit (euro), after it data. */
export async function donationsOf({ db }: ServiceContext, ssn: string) {
  const rows = await db
    .select()
    .from(donations)
    .where(eq(donations.ssn, ssn))
    .orderBy(desc(donations.occurredAt), desc(donations.id));
  const conversion = new Date(`${DONATION_CONVERSION_DATE}T00:00:00+01:00`);
  return rows.map((d) => {
    const euro = d.occurredAt < conversion;
    return {
      occurred_at: d.occurredAt.toISOString(),
      unit: euro ? ('EUR' as const) : ('GB' as const),
      amount_cents: euro ? d.amountCents : null,
      data_kb: euro ? null : d.dataKb,
    };
  });
}

export async function overview({ db, clock }: ServiceContext, memberId: number, ssn: string): Promise<FlexiOverview> {
  const now = clock();
  const [member] = await db.select({ legacy: members.legacyType }).from(members).where(eq(members.id, memberId));
  const [row] = await db
    .select({ m: memberships, name: products.name })
    .from(memberships)
    .innerJoin(products, eq(products.sku, memberships.sku))
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)));
  const [queued] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), eq(memberships.status, 'queued')));
  const action = await monthActionOf(db, ssn, now);
  const safe = await safeBalance({ db, clock }, ssn);
  const borrowed = await spottedTo(db, ssn, now);
  const lent = await db
    .select({ loan: spotLoans, borrower: sims.msisdn })
    .from(spotLoans)
    .innerJoin(sims, eq(sims.ssn, spotLoans.borrowerSsn))
    .where(and(eq(spotLoans.lenderSsn, ssn), isNull(spotLoans.returnedAt)))
    .orderBy(asc(spotLoans.endsAt));
  const m = row?.m;
  return {
    membership: m
      ? {
          sku: m.sku,
          name: row.name,
          ends_at: m.endsAt.toISOString(),
          unlimited: m.dataMaxKb === null,
          unused_kb: unusedOf(m) ?? 0,
          landline_minutes: {
            max: m.landlineMinutesMax,
            used: m.landlineMinutesUsed,
            left: m.landlineMinutesMax === null ? null : Math.max(0, m.landlineMinutesMax - m.landlineMinutesUsed),
          },
          continues: m.recurrenceEnabled || Boolean(queued),
        }
      : null,
    month_action: action ? { action: action.action, data_kb: action.dataKb, at: action.createdAt.toISOString() } : null,
    safe_kb: safe.ok ? safe.value.balance_kb : null,
    carry_forward_kb: m?.carryForwardKb ?? 0,
    carryover_kb: m ? m.carryoverKb - m.carryoverUsedKb : 0,
    addon_kb: m?.addonKb ?? 0,
    spotted_in: borrowed.map(({ loan, lender }) => ({
      msisdn: lender ?? '',
      data_kb: loan.dataKb,
      left_kb: loan.dataKb - loan.usedKb,
      ends_at: loan.endsAt.toISOString(),
    })),
    spotted_out: lent.map(({ loan, borrower }) => ({
      msisdn: borrower ?? '',
      data_kb: loan.dataKb,
      ends_at: loan.endsAt.toISOString(),
    })),
    legacy: { isLegacyUser: member?.legacy != null, memberShipType: member?.legacy ?? null },
  };
}
