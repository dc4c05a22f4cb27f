import { and, eq, inArray, lte, notExists, sql, type SQL } from 'drizzle-orm';
import { alias, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { RENEWAL_REMINDER_DAYS } from '../../../../contract/alerts.schema.ts';
import { balances, dataAlertDue, memberships, products, sims, storedCards } from '../../../db/schema.ts';
import { raiseAlert, type Notice } from '../../alerts/index.ts';
import { dayOf } from '../../../kernel/calendar.ts';
import type { ServiceContext } from '../../../kernel/outcome.ts';
import { inPeriodAt } from './memberships.ts';
import type { MessageKey } from '../../../../contract/i18n/messages.ts';

/** The first instant after a card's expiry month (MM/YY): the card works through the end of that month. */
export function cardExpiresAt(expiry: string): Date {
  const [mm, yy] = expiry.split('/').map(Number);
  return new Date(Date.UTC(2000 + (yy ?? 0), mm ?? 1, 1));
}

/**
 * The alerts of docs/product/member-controls.md, looked for on every run of the scheduled job: whatever is
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

type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];
type Membership = typeof memberships.$inferSelect;

/**
 * Takes the memberships a kind has to look at, from the memberships table alone (through the
 * kind's partial index, rows another instance holds skipped), then reads what the alert says
 * about each by id. Two statements on purpose: joined in one, the planner guesses how many rows
 * the index gives (it cannot know that memberships near their end were reminded already) and
 * reads whole tables to join them.
 */
async function claim(tx: Tx, where: SQL | undefined, order: SQL | AnyPgColumn) {
  const taken = await tx
    .select()
    .from(memberships)
    .where(where)
    .orderBy(order)
    .limit(BATCH)
    .for('update', { skipLocked: true });
  if (taken.length === 0) return { taken, about: new Map<number, About>() };
  const rows = await tx
    .select({
      id: memberships.id,
      memberId: sims.memberId,
      simStatus: sims.status,
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
      inArray(
        memberships.id,
        taken.map((m) => m.id),
      ),
    );
  return { taken, about: new Map(rows.map((r) => [r.id, r])) };
}
interface About {
  memberId: number;
  simStatus: string;
  product: string;
  credit: number | null;
  card: typeof storedCards.$inferSelect | null;
}

/** Works off a kind's memberships a batch a transaction until a batch comes back short; the alerts raised. */
async function inBatches(
  { db, clock }: ServiceContext,
  where: (now: Date) => SQL | undefined,
  order: SQL | AnyPgColumn,
  each: (tx: Tx, m: Membership, about: About | undefined) => Promise<number>,
): Promise<number> {
  let raised = 0;
  for (;;) {
    const now = clock();
    const done = await db.transaction(async (tx) => {
      const { taken, about } = await claim(tx, where(now), order);
      for (const m of taken) raised += await each(tx, m, about.get(m.id));
      return taken.length < BATCH;
    });
    if (done) return raised;
  }
}

/** Data at 80 % and 100 % of the membership's allowance with what flexible data moved in and out. */
function dataAlerts(ctx: ServiceContext): Promise<number> {
  const { clock } = ctx;
  return inBatches(
    ctx,
    (now) => and(dataAlertDue(memberships), inPeriodAt(now)),
    memberships.id,
    async (tx, m, about) => {
      let raised = 0;
      // The level the database keeps says which alert is due; the share only goes into the words.
      const share = (m.dataUsedKb + m.dataOutKb) / ((m.dataMaxKb ?? 0) + m.dataInKb);
      const period = `${m.ssn}:${m.startsAt.toISOString()}`;
      // A SIM that is not active hears nothing (and is not looked at again this period).
      if (about?.simStatus === 'active') {
        if (
          await raiseAlert(tx, clock, {
            memberId: about.memberId,
            cause: 'data80',
            key: period,
            // The body says the threshold its title announces, then the share used now (it may be past it).
            notice: 'data80',
            values: {
              membership: { membership: about.product },
              share: Math.floor(share * 100),
              ends: { day: m.endsAt },
            },
          })
        )
          raised += 1;
        if (
          m.dataAlertLevel === 100 &&
          (await raiseAlert(tx, clock, {
            memberId: about.memberId,
            cause: 'data100',
            key: period,
            notice: 'data100',
            values: { membership: { membership: about.product } },
          }))
        )
          raised += 1;
      }
      await tx.update(memberships).set({ dataAlertedPercent: m.dataAlertLevel }).where(eq(memberships.id, m.id));
      return raised;
    },
  );
}

/** Renewal reminder, 3 days ahead: what will be bought, for how much, and from where; or that it ends. */
function renewalReminders(ctx: ServiceContext): Promise<number> {
  const { clock } = ctx;
  const queued = alias(memberships, 'queued');
  return inBatches(
    ctx,
    (now) =>
      and(
        // Said as the partial index says it (literals, not parameters), so the planner can use it.
        sql`${memberships.status} = 'current' and not ${memberships.reminded}`,
        lte(memberships.endsAt, new Date(now.getTime() + RENEWAL_REMINDER_DAYS * 86_400_000)),
        inPeriodAt(now),
        // A queued membership takes over: nothing to pay, nothing ends (looked at again each run
        // while one is queued, since it may be taken back).
        notExists(
          ctx.db
            .select({ id: queued.id })
            .from(queued)
            .where(and(eq(queued.ssn, memberships.ssn), eq(queued.status, 'queued'))),
        ),
      ),
    memberships.endsAt,
    async (tx, m, about) => {
      let alert: Notice | undefined;
      const ends = { day: m.endsAt };
      if (about?.simStatus !== 'active') alert = undefined;
      else if (!m.recurrenceEnabled) {
        alert = { notice: 'membershipEnds', values: { membership: { membership: about.product }, ends } };
      } else {
        const [next] = await tx
          .select()
          .from(products)
          .where(eq(products.sku, m.recurrenceSku ?? m.sku));
        if (next) {
          const { card } = about;
          const credit = Math.min(about.credit ?? 0, next.priceCents);
          const rest = next.priceCents - credit;
          const amounts = { credit: { euro: credit }, rest: { euro: rest }, last4: card?.last4 ?? '' };
          const from: MessageKey =
            rest === 0
              ? 'notice.renewal.fromCredit'
              : card
                ? credit > 0
                  ? 'notice.renewal.fromCreditThenCard'
                  : 'notice.renewal.fromCard'
                : credit > 0
                  ? 'notice.renewal.creditNoCard'
                  : 'notice.renewal.noCard';
          alert = {
            notice: 'renewal',
            values: {
              ends,
              product: next.name,
              price: { euro: next.priceCents },
              from: { say: from, values: amounts },
            },
          };
        }
      }
      const raised =
        alert && about
          ? await raiseAlert(tx, clock, {
              memberId: about.memberId,
              cause: 'renewal',
              key: `${m.ssn}:${m.endsAt.toISOString()}`,
              ...alert,
            })
          : false;
      await tx.update(memberships).set({ reminded: true }).where(eq(memberships.id, m.id));
      return raised ? 1 : 0;
    },
  );
}

/** A stored card that expires before the next renewal (auto-renew on): checked once a membership, and again when a card is stored. */
function cardExpiryAlerts(ctx: ServiceContext): Promise<number> {
  const { clock } = ctx;
  return inBatches(
    ctx,
    (now) =>
      and(
        sql`${memberships.status} = 'current' and ${memberships.recurrenceEnabled} and not ${memberships.cardChecked}`,
        inPeriodAt(now),
      ),
    memberships.id,
    async (tx, m, about) => {
      const card = about?.card;
      const raised =
        about && card && cardExpiresAt(card.expiry) <= m.endsAt
          ? await raiseAlert(tx, clock, {
              memberId: about.memberId,
              cause: 'cardExpiry',
              key: `${about.memberId}:${card.last4}:${card.expiry}:${dayOf(m.endsAt)}`,
              notice: 'cardExpiry',
              values: { last4: card.last4, expiry: card.expiry, ends: { day: m.endsAt } },
            })
          : false;
      await tx.update(memberships).set({ cardChecked: true }).where(eq(memberships.id, m.id));
      return raised ? 1 : 0;
    },
  );
}
