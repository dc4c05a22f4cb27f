import { eq } from 'drizzle-orm';
import { ADVANCE_CENTS, ADVANCE_FEE_CENTS } from '../../contract/advance.calls.ts';
import { COMPLAINT_TOPIC, RESPOND_WORKING_DAYS, ticketReference } from '../../contract/contact.ts';
import { euro } from '../../contract/format.ts';
import { RECRUIT_REWARD_CENTS } from '../../contract/recruit.schema.ts';
import type { Queryable } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { dayOf } from '../kernel/calendar.ts';
import { DAY, HOUR } from '../kernel/clock.ts';
import { acknowledgementOf, acknowledgementWords } from '../modules/care/index.ts';
import { workingDayAfter, workingDayBefore } from '../kernel/working-days.ts';
import { catalogue } from './catalogue.ts';
import { orderPortIn } from '../modules/lines/index.ts';
import { KB_PER_GB } from '../../contract/constants.ts';

/** Whole GB in KB, as the rows keep data. */
export const gb = (n: number) => Math.round(n * KB_PER_GB);

/**
 * The rows behind a member's state that both the demo seed and the tests' builders
 * (tests/api/support/builders.ts) write: said once, so a demo member and a built one in the same state are
 * the same rows.
 */

/**
 * The Irish calendar day `days` after today's, counted on the calendar (not in 24-hour steps: across
 * the end of summer time, 24 hours before 23:30 on 25 October is still 25 October).
 */
export function irishDayAfter(now: Date, days: number): string {
  const [y, m, d] = dayOf(now).split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d! + days)).toISOString().slice(0, 10);
}

/** A port-in in progress (docs/product/member-controls.md): requested → validating → scheduled, moving that many days on. */
export async function insertPortIn(
  tx: Queryable,
  who: { memberId: number; ssn: string },
  portIn: { msisdn: string; provider: string; movesInDays: number },
  now: Date,
): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const movesOn = irishDayAfter(now, portIn.movesInDays);
  const [request] = await tx
    .insert(t.portInRequests)
    .values({
      memberId: who.memberId,
      ssn: who.ssn,
      msisdn: portIn.msisdn,
      provider: portIn.provider,
      accountType: 'prepay',
      status: 'scheduled',
      scheduledFor: movesOn,
      createdAt: at(-2),
      updatedAt: at(-1),
    })
    .returning({ id: t.portInRequests.id });
  await tx.insert(t.portInEvents).values([
    { requestId: request!.id, status: 'requested', note: null, at: at(-2) },
    { requestId: request!.id, status: 'validating', note: null, at: new Date(at(-2).getTime() + HOUR) },
    { requestId: request!.id, status: 'scheduled', note: `Your number moves on ${movesOn}.`, at: at(-1) },
  ]);
  // Its order to the network, for the day named: the network completes it then (docs/product/network.md).
  await orderPortIn(
    tx,
    () => at(-2),
    {
      id: request!.id,
      ssn: who.ssn,
      msisdn: portIn.msisdn,
      provider: portIn.provider,
      accountType: 'prepay',
      accountNumber: null,
    },
    movesOn,
  );
}

/** Past payments by the stored card: a product bought that many days ago, the card paying all of it (a receipt each). */
export async function insertCardPayments(
  tx: Queryable,
  ssn: string,
  card: { brand: string; last4: string },
  payments: { sku: string; daysAgo: number }[],
  now: Date,
  reference: string,
): Promise<void> {
  for (const [i, pay] of payments.entries()) {
    const p = catalogue.find((c) => c.sku === pay.sku);
    if (!p) throw new Error(`no product ${pay.sku} in the catalogue`);
    await tx.insert(t.ledger).values({
      ssn,
      occurredAt: new Date(now.getTime() - pay.daysAgo * DAY),
      kind: 'purchase',
      description: p.name,
      creditDeltaCents: 0,
      cardCents: p.priceCents,
      cardBrand: card.brand,
      cardLast4: card.last4,
      reference: `${reference}:${i}`,
      // The provider's payment (what a refund of it would name).
      paymentId: `${reference}:${i}`.replace(/^seed:card:/, 'seed-pay-'),
    });
  }
}

/**
 * Recruit and reward (docs/product/community-and-offers.md): friends sent a free SIM. A rewarded friend activated
 * the card sent (`rewardedCard`: out of stock) and bought a first membership: €10 with its own ledger
 * row. Another's card is on its way (`stockCard`: a card in stock, given the order).
 */
export async function insertRecruits(
  tx: Queryable,
  who: { memberId: number; ssn: string },
  recruits: { name: string; daysAgo: number; rewarded?: boolean | undefined }[],
  now: Date,
  cards: { rewardedCard: (i: number) => string; stockCard: (i: number) => Promise<string> | string },
): Promise<void> {
  for (const [i, r] of recruits.entries()) {
    const sentAt = new Date(now.getTime() - r.daysAgo * DAY);
    const [first, ...last] = r.name.split(' ');
    const [order] = await tx
      .insert(t.orders)
      .values({
        memberId: who.memberId,
        sku: 'Kickback_Pack_N',
        status: r.rewarded ? 'SIM_DELIVERED' : 'SIM_ORDERED',
        shippingType: 'SIM_Recruiter',
        recruiterMemberId: who.memberId,
        firstname: first!,
        lastname: last.join(' '),
        line1: `${12 + i} Quay Street`,
        city: 'Galway',
        county: 'Galway',
        postcode: 'H91 E2K7',
        createdAt: sentAt,
        // A rewarded recruit's SIM arrived (it was activated): two days after it was sent.
        ...(r.rewarded ? { dispatchedAt: sentAt, deliveredAt: new Date(sentAt.getTime() + 2 * DAY) } : {}),
      })
      .returning({ id: t.orders.id });
    let cardSsn: string;
    if (r.rewarded) cardSsn = cards.rewardedCard(i);
    else {
      cardSsn = await cards.stockCard(i);
      await tx.update(t.simStock).set({ orderId: order!.id }).where(eq(t.simStock.ssn, cardSsn));
    }
    const [recruit] = await tx
      .insert(t.recruits)
      .values({
        recruiterMemberId: who.memberId,
        orderId: order!.id,
        friendName: r.name,
        simSsn: cardSsn,
        createdAt: sentAt,
        activatedAt: r.rewarded ? new Date(sentAt.getTime() + 4 * DAY) : null,
        rewardedAt: r.rewarded ? new Date(sentAt.getTime() + 5 * DAY) : null,
        rewardCents: r.rewarded ? RECRUIT_REWARD_CENTS : 0,
      })
      .returning({ id: t.recruits.id });
    if (r.rewarded)
      await tx.insert(t.ledger).values({
        ssn: who.ssn,
        occurredAt: new Date(sentAt.getTime() + 5 * DAY),
        kind: 'reward',
        description: 'Recruit and reward',
        creditDeltaCents: RECRUIT_REWARD_CENTS,
        reference: `recruit:${recruit!.id}`,
      });
  }
}

/** Free SIMs a recruiter sent friends today (the daily limit counts them). */
export async function insertMgmOrdersToday(tx: Queryable, memberId: number, count: number, now: Date): Promise<void> {
  for (let i = 0; i < count; i++)
    await tx.insert(t.orders).values({
      memberId,
      sku: 'Kickback_Pack_N',
      status: 'SIM_ORDERED',
      shippingType: 'SIM_Recruiter',
      firstname: 'Friend',
      lastname: String(i + 1),
      line1: `${i + 1} Main Street`,
      city: 'Galway',
      county: 'Galway',
      postcode: 'H91 X2Y3',
      createdAt: now,
    });
}

/** What an advance's ledger rows add to credit: the €5.00 in, less what was repaid of the €5.50. */
export const advanceLedgerNet = (owedCents: number) => ADVANCE_CENTS - (ADVANCE_CENTS + ADVANCE_FEE_CENTS - owedCents);

/**
 * A top-up advance taken that many days ago, with `owedCents` still owed (docs/product/lifelines.md): its row,
 * the ledger's +€5.00 and, when part was repaid, one repayment row for what was repaid.
 */
export async function insertAdvance(
  tx: Queryable,
  ssn: string,
  advance: { owedCents: number; daysAgo: number },
  now: Date,
): Promise<void> {
  const takenAt = new Date(now.getTime() - advance.daysAgo * DAY);
  const owed = ADVANCE_CENTS + ADVANCE_FEE_CENTS;
  const [row] = await tx
    .insert(t.advances)
    .values({
      ssn,
      amountCents: ADVANCE_CENTS,
      feeCents: ADVANCE_FEE_CENTS,
      owedCents: advance.owedCents,
      takenAt,
      repaidAt: advance.owedCents === 0 ? takenAt : null,
    })
    .returning({ id: t.advances.id });
  await tx.insert(t.ledger).values({
    ssn,
    occurredAt: takenAt,
    kind: 'advance',
    description: `Top-up advance (fee ${euro(ADVANCE_FEE_CENTS)}; ${euro(owed)} to repay)`,
    creditDeltaCents: ADVANCE_CENTS,
    reference: `advance:${row!.id}`,
  });
  if (advance.owedCents < owed)
    await tx.insert(t.ledger).values({
      ssn,
      occurredAt: takenAt,
      kind: 'advance-repayment',
      description:
        advance.owedCents === 0
          ? 'Top-up advance repaid'
          : `Top-up advance repaid in part (${euro(advance.owedCents)} still owed)`,
      creditDeltaCents: -(owed - advance.owedCents),
      reference: `advance:${row!.id}:repaid:seed`,
    });
}

/**
 * A complaint and its timeline as the portal would have kept them (docs/product/customer-care.md): received and
 * acknowledged on a working day in the past, due ten working days after, with a response if given.
 */
export async function insertComplaint(
  tx: Queryable,
  who: { memberId: number; email: string; name: string },
  c: { number?: number; receivedWorkingDaysAgo: number; respondedDaysAgo?: number; message: string; response?: string },
  now: Date,
): Promise<string> {
  // Fixed numbers are the demo members' own, below the first the tickets table hands out (1001).
  if (c.number !== undefined && !(c.number > 0 && c.number < 1000))
    throw new Error('a fixed complaint number is below 1000');
  const receivedDay = workingDayBefore(dayOf(now), c.receivedWorkingDaysAgo);
  const receivedAt = new Date(`${receivedDay}T10:00:00Z`);
  const dueOn = workingDayAfter(receivedDay, RESPOND_WORKING_DAYS);
  const respondedAt = c.respondedDaysAgo === undefined ? null : new Date(now.getTime() - c.respondedDaysAgo * DAY);
  const [row] = await tx
    .insert(t.tickets)
    .values({
      ...(c.number !== undefined ? { id: c.number } : {}),
      reference: `pending:${who.memberId}:${now.getTime()}`,
      kind: 'complaint',
      topic: COMPLAINT_TOPIC,
      state: respondedAt ? 'response' : 'acknowledged',
      memberId: who.memberId,
      name: who.name,
      email: who.email,
      createdAt: receivedAt,
      updatedAt: respondedAt ?? receivedAt,
      dueOn,
      respondedAt,
      // Seeded as the help desk already has it: the jobs do not hand it over again.
      forwardedAt: receivedAt,
    })
    .returning({ id: t.tickets.id });
  const reference = ticketReference('complaint', row!.id);
  await tx.update(t.tickets).set({ reference }).where(eq(t.tickets.id, row!.id));
  await tx.insert(t.ticketEntries).values([
    { ticketId: row!.id, author: 'customer', kind: 'received', body: c.message, createdAt: receivedAt },
    {
      ticketId: row!.id,
      author: 'portal',
      kind: 'acknowledged',
      body: acknowledgementOf(reference, dueOn),
      said: acknowledgementWords(reference, dueOn),
      createdAt: receivedAt,
    },
    ...(respondedAt
      ? [
          {
            ticketId: row!.id,
            author: 'agent' as const,
            kind: 'response' as const,
            body: c.response ?? 'We have looked into it.',
            createdAt: respondedAt,
          },
        ]
      : []),
  ]);
  return reference;
}
