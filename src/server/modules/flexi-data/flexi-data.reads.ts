import { and, asc, desc, eq, isNull } from 'drizzle-orm';
import { type FlexiOverview } from '../../../contract/flexi-data.schema.ts';
import { DONATION_CONVERSION_DATE } from '../../../contract/flexi-data.ts';
import { donations, members, memberships, products, sims, spotLoans } from '../../db/schema.ts';
import { safeKbOf, spottedTo, unusedOf } from './flexi-data.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { currentMembershipAt } from '../money/index.ts';
import { backendProblem, monthActionOf } from './flexi-data.service.ts';

/** What the flexible-data screen reads (docs/product/flexible-data.md): the overview, The Safe's balance, the donations. */

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
    addon_kb: m ? m.addonKb - m.addonUsedKb : 0,
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
