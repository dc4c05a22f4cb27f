import { and, desc, eq, gt, isNotNull } from 'drizzle-orm';
import { electronicFormatIBAN, extractIBAN, isSEPACountry, isValidIBAN } from 'ibantools';
import { euro } from '../../../../contract/format.ts';
import {
  creditBackMessage,
  type CreditBack,
  type CreditBackRefusal,
} from '../../../../contract/port-out-credit.schema.ts';
import { CARD_REFUND_DAYS, CREDIT_BACK_MONTHS, type CreditBackMethod } from '../../../../contract/port-out-credit.ts';
import type { Queryable } from '../../../db/client.ts';
import { balances, cardRefunds, creditBacks, ledger, members, notifications, sims } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { DAY, type Clock } from '../../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { numberMovedAway } from '../../lines/index.ts';
import { changeCredit } from '../credit.ts';
import { lockedCredit } from '../memberships.ts';

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"). The
 * offer is made when the network says the number left; the request takes the credit out of the
 * ledger in its own transaction (one `refund:port-out:<id>:<try>` row, unique) and the card refund
 * or the bank transfer pays it after; a refusal puts the credit back. The member is told and mailed
 * at each change.
 */

type Row = typeof creditBacks.$inferSelect;

/** The card the credit can go back to: the SIM's latest card payment the provider can still refund, for at least the amount. */
async function refundableCard(q: Queryable, ssn: string, amountCents: number, now: Date) {
  const [paid] = await q
    .select({ paymentId: ledger.paymentId, last4: ledger.cardLast4, cents: ledger.cardCents })
    .from(ledger)
    .where(
      and(
        eq(ledger.ssn, ssn),
        isNotNull(ledger.paymentId),
        gt(ledger.cardCents, 0),
        gt(ledger.occurredAt, new Date(now.getTime() - CARD_REFUND_DAYS * DAY)),
      ),
    )
    .orderBy(desc(ledger.occurredAt), desc(ledger.id))
    .limit(1);
  return paid?.paymentId && paid.last4 && paid.cents >= amountCents
    ? { paymentId: paid.paymentId, last4: paid.last4 }
    : null;
}

const masked = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/** The status as the member reads it: the credit now (offered) or what was asked for. */
async function statusOf(q: Queryable, row: Row, now: Date): Promise<CreditBack> {
  const credit = row.state === 'offered' || row.state === 'refused' ? ((await creditOf(q, row.ssn)) ?? 0) : 0;
  const amount = row.state === 'offered' ? credit : (row.amountCents ?? 0);
  const offeredCard =
    row.state === 'requested' || row.state === 'paid' ? null : await refundableCard(q, row.ssn, credit, now);
  const card =
    row.method === 'card' && row.cardLast4 && row.state !== 'offered'
      ? { last4: row.cardLast4 }
      : offeredCard
        ? { last4: offeredCard.last4 }
        : null;
  const view = {
    msisdn: row.msisdn,
    left_at: row.leftAt.toISOString(),
    offer_until: row.offerUntil.toISOString(),
    state: row.state,
    amount_cents: amount,
    method: row.method,
    card,
    account: row.iban && row.accountName ? { iban: masked(row.iban), name: row.accountName } : null,
    requested_at: row.requestedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
    refused_at: row.refusedAt?.toISOString() ?? null,
    refused_reason: row.refusedReason,
  };
  return {
    ...view,
    can_ask: (row.state === 'offered' || row.state === 'refused') && credit > 0 && row.offerUntil > now,
    message: creditBackMessage(view),
  };
}

const creditOf = async (q: Queryable, ssn: string) =>
  (await q.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn)))[0]?.credit ?? null;

/** The member's SIM's credit back, locked when asked. */
async function ownRow(q: Queryable, memberId: number, ssn: string, lock = false) {
  const query = q
    .select({ row: creditBacks })
    .from(creditBacks)
    .innerJoin(sims, eq(sims.ssn, creditBacks.ssn))
    .where(and(eq(creditBacks.ssn, ssn), eq(sims.memberId, memberId)))
    .orderBy(desc(creditBacks.leftAt))
    .limit(1);
  return (await (lock ? query.for('update', { of: creditBacks }) : query))[0]?.row;
}

/** Tells the member of a change: in my48 and by mail, with what my48 says of it. */
async function tell(tx: Queryable, clock: Clock, row: Row, subject: string) {
  const [sim] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, row.ssn));
  if (!sim?.memberId) return;
  const [member] = await tx.select().from(members).where(eq(members.id, sim.memberId));
  if (!member) return;
  const status = await statusOf(tx, row, clock());
  await tx
    .insert(notifications)
    .values({ memberId: member.id, title: subject, body: status.message, createdAt: clock() });
  await sendMail(tx, clock, {
    to: member.email,
    subject: `48: ${subject}`,
    body: `Hi ${member.firstname},\n\n${status.message}\n\nYou'll find it in my48 → Credit back. There is no fee.\n\n48`,
  });
}

// The network says a number left: its credit is offered back for 12 months (a row even at €0.00:
// a refund of a purchase may still bring credit later).
numberMovedAway.on(async (tx, { ssn, msisdn, at }) => {
  const offerUntil = new Date(at);
  offerUntil.setUTCMonth(offerUntil.getUTCMonth() + CREDIT_BACK_MONTHS);
  const [row] = await tx
    .insert(creditBacks)
    .values({ ssn, msisdn, leftAt: at, offerUntil })
    .onConflictDoNothing()
    .returning();
  if (row && ((await creditOf(tx, ssn)) ?? 0) > 0) await tell(tx, () => at, row, 'Ask for your credit back');
});

/** Every number of the member's that left, newest first, with its status. */
export async function creditBacksOf({ db, clock }: ServiceContext, memberId: number) {
  const rows = await db
    .select({ row: creditBacks })
    .from(creditBacks)
    .innerJoin(sims, eq(sims.ssn, creditBacks.ssn))
    .where(eq(sims.memberId, memberId))
    .orderBy(desc(creditBacks.leftAt));
  return Promise.all(rows.map(async ({ row }) => ({ ssn: row.ssn, ...(await statusOf(db, row, clock())) })));
}

export async function creditBackOf(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
): Promise<Outcome<CreditBack, 'notYours'>> {
  const row = await ownRow(db, memberId, ssn);
  return row ? done(await statusOf(db, row, clock())) : refused('notYours');
}

/** The IBAN as a bank reads it, or why not: its checksum, and a SEPA country. */
export function ibanProblem(raw: string): { iban: string } | { problem: 'ibanWrong' | 'ibanNotSepa' } {
  const iban = electronicFormatIBAN(raw) ?? '';
  if (!isValidIBAN(iban)) return { problem: 'ibanWrong' };
  const country = extractIBAN(iban).countryCode ?? '';
  return isSEPACountry(country) ? { iban } : { problem: 'ibanNotSepa' };
}

export async function requestCreditBack(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  how: { method: 'card' } | { method: 'bank'; iban: string; account_name: string },
): Promise<Outcome<CreditBack, CreditBackRefusal>> {
  const bank = how.method === 'bank' ? ibanProblem(how.iban) : null;
  if (bank && 'problem' in bank) return refused(bank.problem);
  return db.transaction(async (tx) => {
    const now = clock();
    const row = await ownRow(tx, memberId, ssn, true);
    if (!row) return refused('notYours');
    if (row.state === 'requested' || row.state === 'paid') return refused('asked');
    if (row.offerUntil <= now) return refused('ended');
    const credit = (await lockedCredit(tx, ssn)) ?? 0;
    if (credit <= 0) return refused('nothing');
    const card = how.method === 'card' ? await refundableCard(tx, ssn, credit, now) : null;
    if (how.method === 'card' && !card) return refused('noCard');
    // Each try has its own cause (a refused one gave the credit back): one row per try, by the unique index.
    const reference = `refund:port-out:${row.id}:${tryOf(row.reference) + 1}`;
    const method: CreditBackMethod = how.method;
    const iban = bank && 'iban' in bank ? bank.iban : null;
    await changeCredit(tx, ssn, -credit, now, { numberGone: true });
    await tx.insert(ledger).values({
      ssn,
      occurredAt: now,
      kind: 'credit-back',
      description: `Credit back after your number moved: ${euro(credit)} ${card ? `to your card ending ${card.last4}` : `by bank transfer to ${masked(iban!)}`}`,
      creditDeltaCents: -credit,
      reference,
    });
    const [updated] = await tx
      .update(creditBacks)
      .set({
        state: 'requested',
        reference,
        method,
        amountCents: credit,
        paymentId: card?.paymentId ?? null,
        cardLast4: card?.last4 ?? null,
        iban,
        accountName: how.method === 'bank' ? how.account_name.trim() : null,
        requestedAt: now,
        paidAt: null,
        refusedAt: null,
        refusedReason: null,
        fileId: null,
      })
      .where(eq(creditBacks.id, row.id))
      .returning();
    // A card refund goes through the provider by the minute's jobs, outside this transaction.
    if (card)
      await tx.insert(cardRefunds).values({
        reference,
        paymentId: card.paymentId,
        cents: credit,
        nextAttemptAt: now,
        createdAt: now,
      });
    await tell(tx, clock, updated!, 'We are giving your credit back');
    return done(await statusOf(tx, updated!, now));
  });
}

/** A request's try: the last part of its cause (`refund:port-out:<id>:<try>`); none asked yet, 0. */
const tryOf = (reference: string | null) => (reference ? Number(reference.slice(reference.lastIndexOf(':') + 1)) : 0);

/** The end-to-end id a transfer carries in its SEPA file, and that a bank's return names: the request and its try. */
export const endToEndIdOf = (row: { id: number; reference: string | null }) => `CB-${row.id}-${tryOf(row.reference)}`;

/** The credit back a card refund pays, found by the refund's cause (the request's own). */
export async function creditBackOfRefund(q: Queryable, reference: string) {
  const [row] = await q
    .select({ id: creditBacks.id })
    .from(creditBacks)
    .where(and(eq(creditBacks.reference, reference), eq(creditBacks.method, 'card')));
  return row?.id ?? null;
}

/** A card refund or a transfer given: the request is paid, the member told. In the caller's transaction. */
export async function creditBackPaid(tx: Queryable, clock: Clock, id: number) {
  const [row] = await tx
    .update(creditBacks)
    .set({ state: 'paid', paidAt: clock() })
    .where(and(eq(creditBacks.id, id), eq(creditBacks.state, 'requested')))
    .returning();
  if (row) await tell(tx, clock, row, 'Your credit is paid back');
  return Boolean(row);
}

/**
 * A refund refused (the card would not take it, the bank sent the transfer back): the credit comes
 * back to the SIM (its own ledger row), and the member is told why and may ask another way.
 */
export async function creditBackRefused(
  tx: Queryable,
  clock: Clock,
  id: number,
  reason: string,
  /** Where it stands: a card refused before paying, or a transfer the bank returned after it was paid. */
  from: 'requested' | 'paid' = 'requested',
) {
  const now = clock();
  const [row] = await tx
    .update(creditBacks)
    .set({ state: 'refused', refusedAt: now, refusedReason: reason })
    .where(and(eq(creditBacks.id, id), eq(creditBacks.state, from)))
    .returning();
  if (!row?.amountCents || !row.reference) return false;
  await tx.insert(ledger).values({
    ssn: row.ssn,
    occurredAt: now,
    kind: 'credit-back',
    description: `Credit back refused (${reason}): ${euro(row.amountCents)} is your credit again`,
    creditDeltaCents: row.amountCents,
    reference: `${row.reference}:back`,
  });
  await changeCredit(tx, row.ssn, row.amountCents, now, { numberGone: true });
  await tell(tx, clock, row, 'Your credit back was refused');
  return true;
}
