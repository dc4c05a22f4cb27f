import { and, eq, gte, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { checkouts, householdLines, ledger, members, sims } from '../../../db/schema.ts';
import { dayStartOf, monthOf } from '../../../kernel/calendar.ts';
import { refused } from '../../../kernel/outcome.ts';

/** How long an unpaid checkout holds its amount against the limit (the payment page's life). */
export const OPEN_CHECKOUT_HOLD_MS = 30 * 60_000;

/** The first instant of the Irish calendar month of `now`. */
export const monthStartOf = (now: Date) => dayStartOf(new Date(`${monthOf(now)}-01T12:00:00Z`));

/**
 * What the member's cards paid this month (the ledger's card_cents of the member's SIMs) and
 * what checkouts opened in the last half hour may still pay; the card registration's €1 is
 * released at once and is not spending.
 */
export async function cardSpentThisMonth(tx: Queryable, memberId: number, now: Date): Promise<number> {
  const since = monthStartOf(now);
  const [paid] = await tx
    .select({ cents: sql<string>`coalesce(sum(${ledger.cardCents}), 0)` })
    .from(ledger)
    .innerJoin(sims, eq(sims.ssn, ledger.ssn))
    .where(and(eq(sims.memberId, memberId), gte(ledger.occurredAt, since)));
  const [open] = await tx
    .select({ cents: sql<string>`coalesce(sum(${checkouts.amountCents}), 0)` })
    .from(checkouts)
    .where(
      and(
        eq(checkouts.memberId, memberId),
        inArray(checkouts.state, ['open', 'pending']),
        ne(checkouts.purpose, 'register-card'),
        gte(checkouts.createdAt, new Date(Math.max(since.getTime(), now.getTime() - OPEN_CHECKOUT_HOLD_MS))),
      ),
    );
  return Number(paid?.cents ?? 0) + Number(open?.cents ?? 0);
}

/**
 * Whether a card payment of `cents` fits the member's monthly limit. Call it inside the
 * transaction that records the payment's intent, after locking the member's row, so that two
 * payments at once are counted one after the other.
 */
export async function spendLimitProblem(tx: Queryable, memberId: number, cents: number, now: Date) {
  const [member] = await tx.select({ limit: members.spendLimitCents }).from(members).where(eq(members.id, memberId));
  // A household line's owner may set a limit on the line's own card purchases (docs/product/lifelines.md): the lower one applies.
  const lines = await tx
    .select({ limit: householdLines.spendLimitCents })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .where(and(eq(sims.memberId, memberId), isNotNull(householdLines.spendLimitCents)));
  const limits = [member?.limit, ...lines.map((l) => l.limit)].filter(
    (l): l is number => l !== null && l !== undefined,
  );
  if (limits.length === 0) return null;
  const limit = Math.min(...limits);
  const spent = await cardSpentThisMonth(tx, memberId, now);
  const left = Math.max(0, limit - spent);
  return cents > left ? refused('overSpendLimit', { limitCents: limit, leftCents: left }) : null;
}

/**
 * A stored-card charge holds its amount against the limit from before the provider is asked
 * until it is applied (its ledger row counts then) or fails: a checkout row in state 'pending'
 * with no widget, written in the caller's transaction after the member's row is locked.
 */
export async function reserveCardSpend(
  tx: Queryable,
  r: {
    memberId: number;
    ssn: string;
    purpose: 'membership' | 'credit' | 'addon';
    cents: number;
    reference: string;
    now: Date;
  },
) {
  await tx.execute(sql`select id from ${members} where ${members.id} = ${r.memberId} for update`);
  const problem = await spendLimitProblem(tx, r.memberId, r.cents, r.now);
  if (problem) return problem;
  await tx.insert(checkouts).values({
    id: r.reference,
    memberId: r.memberId,
    ssn: r.ssn,
    purpose: r.purpose,
    amountCents: r.cents,
    providerId: `stored:${r.reference}`,
    state: 'pending',
    createdAt: r.now,
  });
  return null;
}

export async function endCardSpend(q: Queryable, reference: string, state: 'applied' | 'failed', now: Date) {
  await q
    .update(checkouts)
    .set({ state, ...(state === 'applied' ? { appliedAt: now } : {}) })
    .where(eq(checkouts.id, reference));
}
