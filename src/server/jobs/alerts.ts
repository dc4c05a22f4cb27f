import { and, eq, gt, lte, not, notExists } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { RENEWAL_REMINDER_DAYS } from '../../contract/alerts.schema.ts';
import { euro } from '../../contract/format.ts';
import { balances, dataAlertDue, memberships, products, sims, storedCards } from '../db/schema.ts';
import { raiseAlert } from '../services/alerts.ts';
import { dayOf } from '../services/calendar.ts';
import type { ServiceContext } from '../services/outcome.ts';

const longDate = new Intl.DateTimeFormat('en-IE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'Europe/Dublin',
});

/** The first instant after a card's expiry month (MM/YY): the card works through the end of that month. */
export function cardExpiresAt(expiry: string): Date {
  const [mm, yy] = expiry.split('/').map(Number);
  return new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 1, 1));
}

/**
 * The alerts of member-controls.md, looked for on every run of the scheduled job: whatever is
 * true now and was not alerted yet is alerted (once per cause, by the alerts table's unique
 * key), so a server that was down catches up when it starts. Failed renewals are raised by the
 * renewals job itself.
 *
 * Each kind reads only the memberships with something new to say, through a partial index of its
 * own (schema.ts), and marks them done in the transaction that raises the alert: with a million
 * members a minute's run with nothing new reads nothing but three empty index ranges.
 */
export async function runAlerts(ctx: ServiceContext): Promise<number> {
  return (await dataAlerts(ctx)) + (await renewalReminders(ctx)) + (await cardExpiryAlerts(ctx));
}

/** At most this many memberships a kind a transaction: a backlog (after downtime) is worked off in bounded steps. */
const BATCH = 500;

/** Data at 80 % and 100 % of the membership's allowance with what flexible data moved in and out. */
async function dataAlerts({ db, clock }: ServiceContext): Promise<number> {
  let raised = 0;
  for (;;) {
    const now = clock();
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ m: memberships, memberId: sims.memberId, product: products.name })
        .from(memberships)
        .innerJoin(sims, eq(sims.ssn, memberships.ssn))
        .innerJoin(products, eq(products.sku, memberships.sku))
        .where(
          and(
            dataAlertDue(memberships),
            lte(memberships.startsAt, now),
            gt(memberships.endsAt, now),
            eq(sims.status, 'active'),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH)
        .for('update', { of: memberships, skipLocked: true });
      for (const { m, memberId, product } of due) {
        const share = (m.dataUsedKb + m.dataOutKb) / ((m.dataMaxKb ?? 0) + m.dataInKb);
        const period = `${m.ssn}:${m.startsAt.toISOString()}`;
        if (
          await raiseAlert(tx, clock, {
            memberId,
            cause: 'data80',
            key: period,
            title: 'You have used 80 % of your data',
            body: `You have used ${Math.floor(share * 100)} % of the data of your ${product} membership. Top up with an add-on in my48 if you need more before ${longDate.format(m.endsAt)}.`,
          })
        )
          raised += 1;
        if (
          share >= 1 &&
          (await raiseAlert(tx, clock, {
            memberId,
            cause: 'data100',
            key: period,
            title: 'Your data is used up',
            body: `You have used all the data of your ${product} membership. Add-ons in my48 give you more data straight away.`,
          }))
        )
          raised += 1;
        await tx
          .update(memberships)
          .set({ dataAlertedPercent: share >= 1 ? 100 : 80 })
          .where(eq(memberships.id, m.id));
      }
      return due.length < BATCH;
    });
    if (done) return raised;
  }
}

/** Renewal reminder, 3 days ahead: what will be bought, for how much, and from where; or that it ends. */
async function renewalReminders({ db, clock }: ServiceContext): Promise<number> {
  let raised = 0;
  for (;;) {
    const now = clock();
    const done = await db.transaction(async (tx) => {
      const queued = alias(memberships, 'queued');
      const due = await tx
        .select({
          m: memberships,
          memberId: sims.memberId,
          product: products.name,
          credit: balances.creditCents,
          card: storedCards,
        })
        .from(memberships)
        .innerJoin(sims, eq(sims.ssn, memberships.ssn))
        .innerJoin(products, eq(products.sku, memberships.sku))
        .leftJoin(balances, eq(balances.ssn, memberships.ssn))
        .leftJoin(storedCards, eq(storedCards.memberId, sims.memberId))
        .where(
          and(
            eq(memberships.status, 'current'),
            not(memberships.reminded),
            lte(memberships.endsAt, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 86_400_000)),
            gt(memberships.endsAt, now),
            lte(memberships.startsAt, now),
            eq(sims.status, 'active'),
            // A queued membership takes over: nothing to pay, nothing ends (looked at again each run
            // while one is queued, since it may be taken back).
            notExists(
              tx
                .select({ id: queued.id })
                .from(queued)
                .where(and(eq(queued.ssn, memberships.ssn), eq(queued.status, 'queued'))),
            ),
          ),
        )
        .orderBy(memberships.endsAt)
        .limit(BATCH)
        .for('update', { of: memberships, skipLocked: true });
      for (const { m, memberId, product, credit: held, card } of due) {
        const key = `${m.ssn}:${m.endsAt.toISOString()}`;
        const next = m.recurrenceEnabled
          ? (
              await tx
                .select()
                .from(products)
                .where(eq(products.sku, m.recurrenceSku ?? m.sku))
            )[0]
          : undefined;
        let alert: { title: string; body: string } | undefined;
        if (!m.recurrenceEnabled) {
          alert = {
            title: 'Your membership ends soon',
            body: `Your ${product} membership ends on ${longDate.format(m.endsAt)}; auto-renew is off. Buy a membership in my48 to carry on.`,
          };
        } else if (next) {
          const credit = Math.min(held ?? 0, next.priceCents);
          const rest = next.priceCents - credit;
          const from =
            rest === 0
              ? 'from your credit'
              : card
                ? `${credit > 0 ? `${euro(credit)} from your credit, then ${euro(rest)}` : 'all'} from the card ending ····${card.last4}`
                : `${credit > 0 ? `${euro(credit)} from your credit; ` : ''}add credit or a card for the other ${euro(rest)}, or it will end`;
          alert = {
            title: 'Your membership renews soon',
            body: `On ${longDate.format(m.endsAt)} we renew ${next.name} for ${euro(next.priceCents)}: ${from}.`,
          };
        }
        if (alert && (await raiseAlert(tx, clock, { memberId, cause: 'renewal', key, ...alert }))) raised += 1;
        await tx.update(memberships).set({ reminded: true }).where(eq(memberships.id, m.id));
      }
      return due.length < BATCH;
    });
    if (done) return raised;
  }
}

/** A stored card that expires before the next renewal (auto-renew on): checked once a membership, and again when a card is stored. */
async function cardExpiryAlerts({ db, clock }: ServiceContext): Promise<number> {
  let raised = 0;
  for (;;) {
    const now = clock();
    const done = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: memberships.id, memberId: sims.memberId, endsAt: memberships.endsAt, card: storedCards })
        .from(memberships)
        .innerJoin(sims, eq(sims.ssn, memberships.ssn))
        .leftJoin(storedCards, eq(storedCards.memberId, sims.memberId))
        .where(
          and(
            eq(memberships.status, 'current'),
            eq(memberships.recurrenceEnabled, true),
            not(memberships.cardChecked),
            lte(memberships.startsAt, now),
            gt(memberships.endsAt, now),
          ),
        )
        .orderBy(memberships.id)
        .limit(BATCH)
        .for('update', { of: memberships, skipLocked: true });
      for (const { id, memberId, endsAt, card } of due) {
        if (
          card &&
          cardExpiresAt(card.expiry) <= endsAt &&
          (await raiseAlert(tx, clock, {
            memberId,
            cause: 'cardExpiry',
            key: `${memberId}:${card.last4}:${card.expiry}:${dayOf(endsAt)}`,
            title: 'Your card expires before your renewal',
            body: `The card ending ····${card.last4} expires at the end of ${card.expiry}, before your membership renews on ${longDate.format(endsAt)}. Add your new card in my48: Settings → Payment details.`,
          }))
        )
          raised += 1;
        await tx.update(memberships).set({ cardChecked: true }).where(eq(memberships.id, id));
      }
      return due.length < BATCH;
    });
    if (done) return raised;
  }
}
