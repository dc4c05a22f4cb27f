import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { BalanceSummary, Allowance } from '../../contract/account.ts';
import { messages } from '../../contract/messages.ts';
import type { Database } from '../db/client.ts';
import { balances, goodyBags, memberships, products, sims } from '../db/schema.ts';
import { DAY, type Clock } from './clock.ts';

export type BalanceOutcome =
  | { status: 200; summary: BalanceSummary }
  | { status: 400; message: string }
  | { status: 403; message: string }
  | { status: 504; message: string };

const allowance = (max: number | null, used: number): Allowance => ({ max, used, left: max === null ? null : Math.max(0, max - used) });
const daysUntil = (end: Date, now: Date) => Math.max(0, Math.ceil((end.getTime() - now.getTime()) / DAY));

/**
 * The current month's balance summary of one SIM (spec section 3), with the failure outcomes
 * of section 8: the billing platform not answering (504), or no account details (400).
 */
export async function balanceSummary(db: Database, memberId: number, ssn: string, clock: Clock): Promise<BalanceOutcome> {
  const now = clock();
  const [sim] = await db.select().from(sims).where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId)));
  if (!sim) return { status: 403, message: messages.forbiddenMember };
  if (sim.billingStatus === 'unavailable') return { status: 504, message: messages.serviceUnavailable };
  const [balance] = await db.select().from(balances).where(eq(balances.ssn, ssn));
  if (!balance) return { status: 400, message: messages.accountDetailsMissing };

  const rows = await db
    .select({ m: memberships, product: products })
    .from(memberships)
    .innerJoin(products, eq(products.sku, memberships.sku))
    .where(eq(memberships.ssn, ssn))
    .orderBy(desc(memberships.startsAt));
  const current = rows.find((r) => r.m.status === 'current' && r.m.startsAt <= now && r.m.endsAt > now);
  const queued = rows.find((r) => r.m.status === 'queued');
  const previous = rows.find((r) => r.m.status === 'past');
  const bags = await db
    .select()
    .from(goodyBags)
    .where(and(eq(goodyBags.ssn, ssn), gt(goodyBags.expiresAt, now)))
    .orderBy(asc(goodyBags.expiresAt));

  const m = current?.m;
  const unlimited = m ? m.dataMaxKb === null : false;
  const membershipLeft = m && m.dataMaxKb !== null ? Math.max(0, m.dataMaxKb - m.dataUsedKb) : null;
  const carryoverLeft = m ? m.carryoverKb - m.carryoverUsedKb : 0;
  const maxData = m ? (m.dataMaxKb === null ? null : m.dataMaxKb + m.carryoverKb) : 0;
  const usedData = m ? m.dataUsedKb + m.carryoverUsedKb : 0;

  return {
    status: 200,
    summary: {
      is_current_membership: Boolean(current),
      main: balance.creditCents,
      previous_SKU: previous?.m.sku ?? null,
      goodybags_summary: {
        goodyBags: bags.map((b) => ({
          product_sku: b.productSku,
          max_onboard_data: b.maxOnboardKb,
          onboard_data: b.onboardKb,
          days_left_for_expiry: daysUntil(b.expiresAt, now),
        })),
      },
      max_membership_data: m ? m.dataMaxKb : 0,
      max_data: maxData,
      used_data: usedData,
      left_data: maxData === null ? null : Math.max(0, maxData - usedData),
      left_membership_data: m ? membershipLeft : 0,
      queued_membership_start_date: queued ? queued.m.startsAt.toISOString() : null,
      have_queued_membership: Boolean(queued),
      expiry_date: m ? m.endsAt.toISOString() : null,
      product_SKU: m?.sku ?? null,
      recurrence_enabled: m?.recurrenceEnabled ?? false,
      membership_recurrence_sku: m?.recurrenceSku ?? null,
      current_membership: current?.product.name ?? null,
      is_unlimited: unlimited,
      max_fup_data: m?.fupMaxKb ?? null,
      used_fup_data: m ? m.fupUsedKb : 0,
      left_fup_data: m?.fupMaxKb != null ? Math.max(0, m.fupMaxKb - m.fupUsedKb) : null,
      max_membership_fup_data: current?.product.fupKb ?? null,
      mobile_minutes: m ? allowance(m.mobileMinutesMax, m.mobileMinutesUsed) : allowance(0, 0),
      minutes: m ? allowance(m.landlineMinutesMax, m.landlineMinutesUsed) : allowance(0, 0),
      text: m ? allowance(m.textsMax, m.textsUsed) : allowance(0, 0),
      roaming_data: m ? allowance(m.roamingMaxKb, m.roamingUsedKb) : allowance(0, 0),
      days_left: m ? daysUntil(m.endsAt, now) : 0,
      carryover_data: carryoverLeft,
    },
  };
}
