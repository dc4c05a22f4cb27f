import { asc, eq, and } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.ts';
import { balances, memberships, products } from '../../../db/schema.ts';
import { currentMembershipAt } from './memberships.ts';
import { done, refused, type ServiceContext } from '../../../kernel/outcome.ts';
import { membershipsOf, membershipsOnSale, offerOf } from '../purchases/purchases.ts';

type Membership = typeof memberships.$inferSelect;

const nameOf = async (db: Queryable, sku: string) =>
  (await db.select({ name: products.name }).from(products).where(eq(products.sku, sku)))[0]?.name ?? sku;
const shape = async (db: Queryable, m: Membership, status: 'current' | 'queued') => ({
  sku: m.sku,
  name: await nameOf(db, m.sku),
  status,
  starts_at: m.startsAt.toISOString(),
  ends_at: m.endsAt.toISOString(),
});

export async function offers({ db, clock }: ServiceContext, memberId: number, ssn: string) {
  const now = clock();
  const [balance] = await db.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn));
  if (!balance) return refused('noBalance');
  const { current, queued } = await membershipsOf(db, ssn, now);
  const addons = await db.select().from(products).where(eq(products.kind, 'addon')).orderBy(asc(products.priceCents));
  return done({
    values: (await membershipsOnSale(db, memberId, now)).map((p) => offerOf(p, now)),
    current: current
      ? {
          ...(await shape(db, current, 'current')),
          recurrence_enabled: current.recurrenceEnabled,
          recurrence_sku: current.recurrenceSku,
        }
      : null,
    queued: queued ? await shape(db, queued, 'queued') : null,
    credit_cents: balance.credit,
    addons: addons.map((p) => offerOf(p, now)),
  });
}

export { pay, type MoneyContext, type Split } from '../payments/pay.ts';

/** Auto-renew of the current membership: on (with a SKU on sale), changed, or off. */
export async function setRecurrence(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  change: { enabled: boolean; sku: string },
) {
  const now = clock();
  if (change.enabled && !(await membershipsOnSale(db, memberId, now)).some((p) => p.sku === change.sku))
    return refused('notOnSale');
  const [row] = await db
    .update(memberships)
    .set(change.enabled ? { recurrenceEnabled: true, recurrenceSku: change.sku } : { recurrenceEnabled: false })
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .returning();
  if (!row) return refused('noCurrentMembership');
  return done({ recurrence_enabled: row.recurrenceEnabled, recurrence_sku: row.recurrenceSku });
}
