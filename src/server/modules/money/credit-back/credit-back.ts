import { and, desc, eq, gt, inArray, isNotNull, like, or, sql } from 'drizzle-orm';
import { euro } from '../../../../contract/format.ts';
import { creditBackSaid, type CreditBack } from '../../../../contract/port-out-credit.schema.ts';
import type { Locale } from '../../../../contract/i18n/locales.ts';
import { message } from '../../../../contract/i18n/messages.ts';
import { CARD_REFUND_DAYS, CREDIT_BACK_MONTHS } from '../../../../contract/port-out-credit.ts';
import type { Queryable } from '../../../db/client.ts';
import { balances, cardRefunds, creditBacks, ledger, members, refundFiles, sims } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { DAY, type Clock } from '../../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { owedOn } from '../advance/advance.ts';
import { changeCredit } from '../balance/credit.ts';
import { notify, noticeIn, sayIn, type Notice, type NoticeValue } from '../../alerts/index.ts';

/**
 * Credit back after a number moved to another network (docs/product/money.md "Credit back"). The
 * offer is made when the network says the number left; the request takes the credit out of the
 * ledger in its own transaction (one `refund:port-out:<id>:<try>` row, unique) and the card refund
 * or the bank transfer pays it after; a refusal puts the credit back. The member is told and mailed
 * at each change.
 */

type Row = typeof creditBacks.$inferSelect;

/** One card payment the credit goes back to, and how much of it. */
interface CardPart {
  paymentId: string;
  last4: string;
  cents: number;
}

/**
 * Where credit goes back by card (docs/product/money.md "Credit back"): the SIM's card payments the
 * provider can still refund (the last 180 days), newest first, each up to what it paid by card less
 * what was refunded to it already; a payment whose card refused a refund is passed over. Credit a
 * card brought goes back to that card, never by transfer to someone's account: only what the cards
 * cannot take is the transfer's.
 */
export async function cardParts(q: Queryable, ssn: string, amountCents: number, now: Date): Promise<CardPart[]> {
  if (amountCents <= 0) return [];
  const paid = await q
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
    .orderBy(desc(ledger.occurredAt), desc(ledger.id));
  const ids = [...new Set(paid.map((p) => p.paymentId!))];
  if (ids.length === 0) return [];
  const refunded = await q
    .select({
      paymentId: cardRefunds.paymentId,
      cents: sql<number>`coalesce(sum(${cardRefunds.cents}) filter (where ${cardRefunds.state} <> 'refused'), 0)::int`,
      refused: sql<number>`count(*) filter (where ${cardRefunds.state} = 'refused')::int`,
    })
    .from(cardRefunds)
    .where(inArray(cardRefunds.paymentId, ids))
    .groupBy(cardRefunds.paymentId);
  const parts: CardPart[] = [];
  let left = amountCents;
  for (const id of ids) {
    const before = refunded.find((r) => r.paymentId === id);
    if (Number(before?.refused ?? 0) > 0) continue;
    const rows = paid.filter((p) => p.paymentId === id);
    const last4 = rows[0]!.last4;
    const can = Math.max(...rows.map((r) => r.cents)) - Number(before?.cents ?? 0);
    if (!last4 || can <= 0) continue;
    const take = Math.min(can, left);
    parts.push({ paymentId: id, last4, cents: take });
    left -= take;
    if (left === 0) break;
  }
  return parts;
}

/** What of a request goes to the cards (a request from before the split: all of it by card, or none). */
export const cardPartOf = (row: Row) => row.cardCents ?? (row.method === 'card' ? (row.amountCents ?? 0) : 0);

export const masked = (iban: string) => `${iban.slice(0, 4)} •••• ${iban.slice(-4)}`;

/** The status as the member reads it: the credit now less what an advance owes (offered), or what was asked for. */
export async function statusOf(q: Queryable, row: Row, now: Date, language: Locale = 'en'): Promise<CreditBack> {
  const open = row.state === 'offered' || row.state === 'refused' || row.state === 'paid';
  const credit = open ? ((await creditOf(q, row.ssn)) ?? 0) : 0;
  const owed = open ? Math.min(credit, await owedOn(q, row.ssn)) : 0;
  const payable = credit - owed;
  // Credit that came in after a request was paid (a purchase refunded later) may be asked for anew.
  const again = row.state === 'paid' && payable > 0;
  const offering = row.state === 'offered' || row.state === 'refused' || again;
  const parts = offering ? await cardParts(q, row.ssn, payable, now) : [];
  const amount = offering ? payable : (row.amountCents ?? 0);
  const cardCents = offering ? parts.reduce((sum, p) => sum + p.cents, 0) : cardPartOf(row);
  const card = offering
    ? parts[0]
      ? { last4: parts[0].last4 }
      : null
    : row.cardLast4 && cardCents > 0
      ? { last4: row.cardLast4 }
      : null;
  const view = {
    msisdn: row.msisdn,
    left_at: row.leftAt.toISOString(),
    offer_until: row.offerUntil.toISOString(),
    state: again ? ('offered' as const) : row.state,
    amount_cents: amount,
    card_cents: cardCents,
    owed_cents: owed,
    method: offering ? null : row.method,
    card,
    account:
      !offering && row.iban && row.accountName && amount > cardCents
        ? { iban: masked(row.iban), name: row.accountName }
        : null,
    requested_at: offering ? null : (row.requestedAt?.toISOString() ?? null),
    paid_at: offering ? null : (row.paidAt?.toISOString() ?? null),
    refused_at: row.state === 'refused' ? (row.refusedAt?.toISOString() ?? null) : null,
    refused_reason: row.state === 'refused' ? row.refusedReason : null,
  };
  return {
    ...view,
    can_ask: offering && payable > 0 && row.offerUntil > now,
    message: sayIn(language, creditBackSaid(view)),
  };
}

const creditOf = async (q: Queryable, ssn: string) =>
  (await q.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn)))[0]?.credit ?? null;

/** The member's SIM's credit back, locked when asked. */
export async function ownRow(q: Queryable, memberId: number, ssn: string, lock = false) {
  const query = q
    .select({ row: creditBacks })
    .from(creditBacks)
    .innerJoin(sims, eq(sims.ssn, creditBacks.ssn))
    .where(and(eq(creditBacks.ssn, ssn), eq(sims.memberId, memberId)))
    .orderBy(desc(creditBacks.leftAt))
    .limit(1);
  return (await (lock ? query.for('update', { of: creditBacks }) : query))[0]?.row;
}

/**
 * Tells the member of a change: in my48 and by mail, in their language, with what my48 says of it
 * (the notice `creditBack<what>`: its title, and the status as its body).
 */
export async function tell(
  tx: Queryable,
  clock: Clock,
  row: Row,
  what: 'Requested' | 'Offered' | 'Paid' | 'Refused' | 'CardFailed',
  values: Readonly<Record<string, NoticeValue>> = {},
) {
  const [sim] = await tx.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, row.ssn));
  if (!sim?.memberId) return;
  const [member] = await tx.select().from(members).where(eq(members.id, sim.memberId));
  if (!member) return;
  const status = await statusOf(tx, row, clock());
  const notice: Notice = { notice: `creditBack${what}`, values: { ...values, status: creditBackSaid(status) } };
  await notify(tx, member.id, clock(), notice);
  const { title, body } = noticeIn(member.language, notice);
  await sendMail(tx, clock, {
    to: member.email,
    subject: message(member.language, 'mail.alert.subject', { title }),
    body: message(member.language, 'mail.creditBack.body', { name: member.firstname, body }),
  });
}

/**
 * A number left for another network: its credit is offered back for 12 months (a row even at €0.00:
 * a refund of a purchase may still bring credit later).
 */
export async function offerCreditBack(tx: Queryable, { ssn, msisdn, at }: { ssn: string; msisdn: string; at: Date }) {
  const offerUntil = new Date(at);
  offerUntil.setUTCMonth(offerUntil.getUTCMonth() + CREDIT_BACK_MONTHS);
  const [row] = await tx
    .insert(creditBacks)
    .values({ ssn, msisdn, leftAt: at, offerUntil })
    .onConflictDoNothing()
    .returning();
  if (row && ((await creditOf(tx, ssn)) ?? 0) > 0) await tell(tx, () => at, row, 'Offered');
}

/** Every number of the member's that left, newest first, with its status. */
export async function creditBacksOf({ db, clock }: ServiceContext, memberId: number, language: Locale = 'en') {
  const rows = await db
    .select({ row: creditBacks })
    .from(creditBacks)
    .innerJoin(sims, eq(sims.ssn, creditBacks.ssn))
    .where(eq(sims.memberId, memberId))
    .orderBy(desc(creditBacks.leftAt));
  return Promise.all(rows.map(async ({ row }) => ({ ssn: row.ssn, ...(await statusOf(db, row, clock(), language)) })));
}

export async function creditBackOf(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  language: Locale = 'en',
): Promise<Outcome<CreditBack, 'notYours'>> {
  const row = await ownRow(db, memberId, ssn);
  return row ? done(await statusOf(db, row, clock(), language)) : refused('notYours');
}

/** A request's try: the last part of its cause (`refund:port-out:<id>:<try>`); none asked yet, 0. */
export const tryOf = (reference: string | null) =>
  reference ? Number(reference.slice(reference.lastIndexOf(':') + 1)) : 0;

/** The end-to-end id a transfer carries in its SEPA file, and that a bank's return names: the request and its try. */
export const endToEndIdOf = (row: { id: number; reference: string | null }) => `CB-${row.id}-${tryOf(row.reference)}`;

/** The credit back a card refund pays, found by the refund's cause (`<request's cause>:card:<n>`, or the request's own before the split). */
export async function creditBackOfRefund(q: Queryable, reference: string) {
  const cause = reference.replace(/:card:\d+$/, '');
  if (!cause.startsWith('refund:port-out:')) return null;
  const [row] = await q.select({ id: creditBacks.id }).from(creditBacks).where(eq(creditBacks.reference, cause));
  return row?.id ?? null;
}

/**
 * A card refund or a transfer given: the request is paid once every part is, the card refunds given
 * and the transfer's file sent, and the member told. In the caller's transaction.
 */
export async function creditBackPaid(tx: Queryable, clock: Clock, id: number) {
  const [row] = await tx.select().from(creditBacks).where(eq(creditBacks.id, id)).for('update');
  if (!row || row.state !== 'requested' || !row.reference) return false;
  const refunds = await tx
    .select({ state: cardRefunds.state })
    .from(cardRefunds)
    .where(or(eq(cardRefunds.reference, row.reference), like(cardRefunds.reference, `${row.reference}:card:%`)));
  if (refunds.some((r) => r.state === 'due')) return false;
  if ((row.amountCents ?? 0) > cardPartOf(row)) {
    const [file] = row.fileId
      ? await tx.select({ sentAt: refundFiles.sentAt }).from(refundFiles).where(eq(refundFiles.id, row.fileId))
      : [];
    if (!file?.sentAt) return false;
  }
  const [paid] = await tx
    .update(creditBacks)
    .set({ state: 'paid', paidAt: clock() })
    .where(and(eq(creditBacks.id, id), eq(creditBacks.state, 'requested')))
    .returning();
  if (paid) await tell(tx, clock, paid, 'Paid');
  return Boolean(paid);
}

/**
 * A card that would not take its part (after a day of tries): that part is the member's credit again
 * (its own ledger row), the request goes on without it, and the member is told. When it was all the
 * request had left to pay, the request is refused: the member may ask again, another way.
 */
export async function cardPartRefused(
  tx: Queryable,
  clock: Clock,
  refund: { id: number; reference: string; cents: number },
  reason: string,
) {
  const now = clock();
  const id = await creditBackOfRefund(tx, refund.reference);
  const [gaveUp] = await tx
    .update(cardRefunds)
    .set({ state: 'refused', doneAt: now })
    .where(and(eq(cardRefunds.id, refund.id), eq(cardRefunds.state, 'due')))
    .returning({ id: cardRefunds.id });
  if (id === null || !gaveUp) return false;
  const [row] = await tx.select().from(creditBacks).where(eq(creditBacks.id, id)).for('update');
  if (!row || row.state !== 'requested' || !row.amountCents) return false;
  const rest = row.amountCents - refund.cents;
  await tx.insert(ledger).values({
    ssn: row.ssn,
    occurredAt: now,
    kind: 'credit-back',
    description: `Credit back refused (${reason}): ${euro(refund.cents)} is your credit again`,
    creditDeltaCents: refund.cents,
    reference: `${refund.reference}:back`,
  });
  await changeCredit(tx, row.ssn, refund.cents, now, { numberGone: true });
  if (rest <= 0) {
    const [ended] = await tx
      .update(creditBacks)
      .set({ state: 'refused', refusedAt: now, refusedReason: reason })
      .where(eq(creditBacks.id, id))
      .returning();
    await tell(tx, clock, ended!, 'Refused');
    return true;
  }
  const [left] = await tx
    .update(creditBacks)
    .set({ amountCents: rest, cardCents: Math.max(0, cardPartOf(row) - refund.cents) })
    .where(eq(creditBacks.id, id))
    .returning();
  await tell(tx, clock, left!, 'CardFailed', { amount: { euro: refund.cents } });
  // What else the request had to pay may all be paid already.
  await creditBackPaid(tx, clock, id);
  return true;
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
  const [before] = await tx.select().from(creditBacks).where(eq(creditBacks.id, id)).for('update');
  // The transfer's part only: what went back to the cards was paid.
  const cents = before ? (before.amountCents ?? 0) - cardPartOf(before) : 0;
  if (!before || cents <= 0) return false;
  const [row] = await tx
    .update(creditBacks)
    .set({ state: 'refused', refusedAt: now, refusedReason: reason, amountCents: cents, cardCents: 0 })
    .where(and(eq(creditBacks.id, id), eq(creditBacks.state, from)))
    .returning();
  if (!row?.amountCents || !row.reference) return false;
  await tx.insert(ledger).values({
    ssn: row.ssn,
    occurredAt: now,
    kind: 'credit-back',
    description: `Credit back refused (${reason}): ${euro(cents)} is your credit again`,
    creditDeltaCents: cents,
    reference: `${row.reference}:back`,
  });
  await changeCredit(tx, row.ssn, cents, now, { numberGone: true });
  await tell(tx, clock, row, 'Refused');
  return true;
}
