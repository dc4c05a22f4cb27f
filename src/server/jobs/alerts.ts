import { and, eq } from 'drizzle-orm';
import { RENEWAL_REMINDER_DAYS } from '../../contract/alerts.schema.ts';
import { euro } from '../../contract/format.ts';
import { balances, memberships, products, sims, storedCards } from '../db/schema.ts';
import { raiseAlert } from '../services/alerts.ts';
import { dayOf } from '../services/calendar.ts';
import type { ServiceContext } from '../services/outcome.ts';
import { currentMembershipAt } from '../services/memberships.ts';

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
 */
export async function runAlerts(ctx: ServiceContext): Promise<number> {
  const { db, clock } = ctx;
  const now = clock();
  let raised = 0;
  const current = await db
    .select({ m: memberships, memberId: sims.memberId, product: products.name })
    .from(memberships)
    .innerJoin(sims, eq(sims.ssn, memberships.ssn))
    .innerJoin(products, eq(products.sku, memberships.sku))
    .where(and(currentMembershipAt(now), eq(sims.status, 'active')));

  for (const { m, memberId, product } of current) {
    const period = `${m.ssn}:${m.startsAt.toISOString()}`;
    // Data: of the membership's allowance with what flexible data moved in and out.
    // Only a membership past a threshold costs a transaction (the job runs every minute over all of them).
    const share =
      m.dataMaxKb !== null && m.dataMaxKb > 0 ? (m.dataUsedKb + m.dataOutKb) / (m.dataMaxKb + m.dataInKb) : 0;
    if (share >= 0.8) {
      await db.transaction(async (tx) => {
        if (
          share >= 0.8 &&
          (await raiseAlert(tx, clock, {
            memberId,
            cause: 'data80',
            key: period,
            title: 'You have used 80 % of your data',
            body: `You have used ${Math.floor(share * 100)} % of the data of your ${product} membership. Top up with an add-on in my48 if you need more before ${longDate.format(m.endsAt)}.`,
          }))
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
      });
    }
    // Renewal reminder, 3 days ahead: what will be bought, for how much, and from where; or that it ends.
    if (m.endsAt.getTime() - now.getTime() <= RENEWAL_REMINDER_DAYS * 86_400_000) {
      await db.transaction(async (tx) => {
        const key = `${m.ssn}:${m.endsAt.toISOString()}`;
        const [queued] = await tx
          .select({ id: memberships.id })
          .from(memberships)
          .where(and(eq(memberships.ssn, m.ssn), eq(memberships.status, 'queued')));
        if (queued) return; // the queued membership takes over: nothing to pay, nothing ends
        if (!m.recurrenceEnabled) {
          if (
            await raiseAlert(tx, clock, {
              memberId,
              cause: 'renewal',
              key,
              title: 'Your membership ends soon',
              body: `Your ${product} membership ends on ${longDate.format(m.endsAt)}; auto-renew is off. Buy a membership in my48 to carry on.`,
            })
          )
            raised += 1;
          return;
        }
        const [next] = await tx
          .select()
          .from(products)
          .where(eq(products.sku, m.recurrenceSku ?? m.sku));
        const [balance] = await tx
          .select({ credit: balances.creditCents })
          .from(balances)
          .where(eq(balances.ssn, m.ssn));
        const [card] = await tx.select().from(storedCards).where(eq(storedCards.memberId, memberId));
        if (!next) return;
        const credit = Math.min(balance?.credit ?? 0, next.priceCents);
        const rest = next.priceCents - credit;
        const from =
          rest === 0
            ? 'from your credit'
            : card
              ? `${credit > 0 ? `${euro(credit)} from your credit, then ${euro(rest)}` : 'all'} from the card ending ····${card.last4}`
              : `${credit > 0 ? `${euro(credit)} from your credit; ` : ''}add credit or a card for the other ${euro(rest)}, or it will end`;
        if (
          await raiseAlert(tx, clock, {
            memberId,
            cause: 'renewal',
            key,
            title: 'Your membership renews soon',
            body: `On ${longDate.format(m.endsAt)} we renew ${next.name} for ${euro(next.priceCents)}: ${from}.`,
          })
        )
          raised += 1;
      });
    }
  }

  // A stored card that expires before the next renewal (auto-renew on).
  const renewing = await db
    .select({ memberId: sims.memberId, endsAt: memberships.endsAt, card: storedCards })
    .from(memberships)
    .innerJoin(sims, eq(sims.ssn, memberships.ssn))
    .innerJoin(storedCards, eq(storedCards.memberId, sims.memberId))
    .where(and(currentMembershipAt(now), eq(memberships.recurrenceEnabled, true)));
  for (const { memberId, endsAt, card } of renewing) {
    if (cardExpiresAt(card.expiry) > endsAt) continue;
    await db.transaction(async (tx) => {
      if (
        await raiseAlert(tx, clock, {
          memberId,
          cause: 'cardExpiry',
          key: `${memberId}:${card.last4}:${card.expiry}:${dayOf(endsAt)}`,
          title: 'Your card expires before your renewal',
          body: `The card ending ····${card.last4} expires at the end of ${card.expiry}, before your membership renews on ${longDate.format(endsAt)}. Add your new card in my48: Settings → Payment details.`,
        })
      )
        raised += 1;
    });
  }
  return raised;
}
