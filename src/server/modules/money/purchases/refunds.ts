import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { cardRefunds, ledger, memberships, sims } from '../../../db/schema.ts';
import type { PaymentsAdapter } from '../integrations/payments/index.ts';
import { changeCredit } from '../balance/credit.ts';
import type { RefundablePurchase } from '../../network/index.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';
import { creditBackOfRefund, creditBackPaid, cardPartRefused } from '../credit-back/credit-back.ts';
import { notify, type NoticeValue } from '../../alerts/index.ts';

/**
 * A purchase the network could not apply (it refused to start data again for it,
 * docs/product/network.md): undone and refunded in the transaction of the network's answer, once
 * (the refund's ledger row is unique by cause). What it put on the SIM goes (a membership ends and
 * a queued one starts in its place; an add-on's data leaves the current membership), the credit it
 * took comes back, and the card part is owed as a card refund the minute's jobs give back.
 * Answers whether it refunded now.
 */
export async function refundPurchase(
  tx: Queryable,
  now: Date,
  line: string,
  purchase: RefundablePurchase,
): Promise<boolean> {
  // The payer's row (credit and card) and, for a purchase paid by a household's owner, the line's.
  const rows = await tx
    .select()
    .from(ledger)
    .where(inArray(ledger.reference, [purchase.reference, `${purchase.reference}:line`]));
  const paid = rows.find((r) => r.reference === purchase.reference);
  if (!paid) return false;
  const creditBack = Math.max(0, -paid.creditDeltaCents);
  const dataKb = Math.max(0, ...rows.map((r) => r.dataDeltaKb));
  const [refund] = await tx
    .insert(ledger)
    .values({
      ssn: paid.ssn,
      occurredAt: now,
      kind: 'refund',
      description: `Refunded: ${paid.description} (the network could not apply it)`,
      creditDeltaCents: creditBack,
      dataDeltaKb: -dataKb,
      reference: `refund:${purchase.reference}`,
    })
    .onConflictDoNothing()
    .returning({ id: ledger.id });
  if (!refund) return false;

  if (purchase.kind === 'addon')
    await tx
      .update(memberships)
      .set({ addonKb: sql`greatest(${memberships.addonKb} - ${dataKb}, 0)` })
      .where(and(eq(memberships.ssn, line), eq(memberships.status, 'current')));
  else {
    // The membership this purchase started (it started in the purchase's transaction, at its time).
    const [ended] = await tx
      .update(memberships)
      .set({
        status: 'past',
        recurrenceEnabled: false,
        endsAt: sql`greatest(${now.toISOString()}::timestamptz, ${memberships.startsAt} + interval '1 millisecond')`,
      })
      .where(
        and(eq(memberships.ssn, line), eq(memberships.status, 'current'), eq(memberships.startsAt, paid.occurredAt)),
      )
      .returning({ id: memberships.id });
    // One bought behind it starts now, for as long as it was to last.
    if (ended)
      await tx
        .update(memberships)
        .set({
          status: 'current',
          startsAt: now,
          endsAt: sql`${now.toISOString()}::timestamptz + (${memberships.endsAt} - ${memberships.startsAt})`,
        })
        .where(and(eq(memberships.ssn, line), eq(memberships.status, 'queued')));
  }
  // Credit back (it may start data again on the network by itself: credit pays for data).
  if (creditBack > 0) await changeCredit(tx, paid.ssn, creditBack, now);
  const cardBack = paid.cardCents > 0 && paid.paymentId ? paid.cardCents : 0;
  if (cardBack > 0)
    await tx.insert(cardRefunds).values({
      reference: `refund:${purchase.reference}`,
      paymentId: paid.paymentId!,
      cents: cardBack,
      nextAttemptAt: now,
      createdAt: now,
    });

  const [lineSim] = await tx
    .select({ memberId: sims.memberId, msisdn: sims.msisdn })
    .from(sims)
    .where(eq(sims.ssn, line));
  const [payingSim] =
    paid.ssn === line
      ? [lineSim]
      : await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, paid.ssn));
  const toCredit: NoticeValue = { say: 'notice.refunded.toCredit', values: { amount: { euro: creditBack } } };
  const toCard: NoticeValue = paid.cardLast4
    ? { say: 'notice.refunded.toCardEnding', values: { amount: { euro: cardBack }, last4: paid.cardLast4 } }
    : { say: 'notice.refunded.toCard', values: { amount: { euro: cardBack } } };
  const what: NoticeValue | undefined =
    creditBack > 0 && cardBack > 0
      ? { say: 'notice.refunded.both', values: { credit: toCredit, card: toCard } }
      : creditBack > 0
        ? toCredit
        : cardBack > 0
          ? toCard
          : undefined;
  if (payingSim?.memberId)
    await notify(tx, payingSim.memberId, now, {
      notice: 'refunded',
      values: {
        number: lineSim?.msisdn ?? { say: 'notice.yourSim' },
        what: paid.description,
        back: what ? { say: 'notice.refunded.back', values: { what } } : '',
      },
    });
  return true;
}

/** How many tries a credit back to a card gets (2 minutes doubling: about a day) before it is refused. */
const CREDIT_BACK_CARD_TRIES = 10;

/** How many card refunds one turn gives back (oldest first), and the longest wait between tries. */
const BATCH = 100;
const MAX_WAIT_MS = 6 * 3_600_000;

/**
 * The card refunds owed (the minute's jobs, one instance at a time): each given back by the payment
 * provider outside any transaction, then marked done; a provider that cannot take it now is asked
 * again later (2 minutes, doubling, at most 6 hours). Answers how many were given back.
 */
export async function giveBackCardRefunds(
  { db, clock }: ServiceContext,
  payments: Pick<PaymentsAdapter, 'refund' | 'refundGiven'>,
): Promise<number> {
  const due = await db
    .select()
    .from(cardRefunds)
    .where(and(eq(cardRefunds.state, 'due'), lte(cardRefunds.nextAttemptAt, clock())))
    .orderBy(asc(cardRefunds.nextAttemptAt))
    .limit(BATCH);
  let given = 0;
  for (const r of due) {
    // The attempt is counted (and the next one set) before the provider is asked: a stop between its
    // answer and ours leaves it counted, and the next run asks the provider whether the refund was
    // given under our reference before giving it again. Never two refunds for one cause.
    const wait = Math.min(MAX_WAIT_MS, 120_000 * 2 ** r.attempts);
    await db
      .update(cardRefunds)
      .set({ attempts: r.attempts + 1, nextAttemptAt: new Date(clock().getTime() + wait) })
      .where(eq(cardRefunds.id, r.id));
    try {
      const given = r.attempts > 0 && (await payments.refundGiven(r.reference));
      if (!given) await payments.refund(r.paymentId, r.cents, r.reference);
    } catch (error) {
      const lastError = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      const creditBack = await creditBackOfRefund(db, r.reference);
      // Credit back to a card that will not take it after a day of tries: refused, the credit is the member's again.
      if (creditBack !== null && r.attempts + 1 >= CREDIT_BACK_CARD_TRIES)
        await db.transaction(async (tx) => {
          await tx.update(cardRefunds).set({ lastError }).where(eq(cardRefunds.id, r.id));
          await cardPartRefused(tx, clock, r, 'your card would not take the refund');
        });
      else await db.update(cardRefunds).set({ lastError }).where(eq(cardRefunds.id, r.id));
      continue;
    }
    await db.transaction(async (tx) => {
      await tx.update(cardRefunds).set({ state: 'done', doneAt: clock() }).where(eq(cardRefunds.id, r.id));
      const creditBack = await creditBackOfRefund(tx, r.reference);
      if (creditBack !== null) await creditBackPaid(tx, clock, creditBack);
    });
    given += 1;
  }
  return given;
}
