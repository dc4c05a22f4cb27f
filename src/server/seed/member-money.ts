import { eq } from 'drizzle-orm';
import { RECRUIT_REWARD_CENTS } from '../../contract/recruit.schema.ts';
import type { Queryable } from '../db/client.ts';
import { DAY, HOUR } from '../kernel/clock.ts';
import { membershipOf } from '../modules/money/index.ts';
import { advanceLedgerNet, gb, irishDayAfter } from './member-rows.ts';
import type { MemberSpec } from './member-spec.ts';
import * as t from '../db/schema.ts';

/**
 * The ledger explains the credit, as on a real account. Lived in: two months of card top-ups,
 * memberships and calls, then the credit carried forward. Otherwise one row for what the member had
 * besides the recruit rewards and an advance, which have rows of their own.
 */
export async function insertCreditLedger(
  tx: Queryable,
  ssn: string,
  spec: MemberSpec,
  card: { brand: string; last4: string } | undefined,
  now: Date,
): Promise<void> {
  if (spec.creditCents === null) return;
  const credit = spec.creditCents ?? 0;
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const rewards = (spec.recruits ?? []).filter((r) => r.rewarded).length * RECRUIT_REWARD_CENTS;
  const lent = spec.advance ? advanceLedgerNet(spec.advance.owedCents) : 0;
  if (spec.lived) {
    // A top-up is a card payment: its receipt shows the card (the stored one, else the sandbox's success card).
    const topUpCard = card
      ? { cardBrand: card.brand, cardLast4: card.last4 }
      : { cardBrand: 'VISA', cardLast4: '0000' };
    const entries: (typeof t.ledger.$inferInsert)[] = [];
    for (let i = 0; i < 11; i++)
      entries.push(
        {
          ssn,
          occurredAt: at(-58 + i * 5),
          kind: 'top-up',
          description: 'Top-up by card',
          creditDeltaCents: 1500,
          cardCents: 1500,
          ...topUpCard,
          reference: `seed:top-up:${ssn}:${i}`,
        },
        {
          ssn,
          occurredAt: at(-58 + i * 5 + 1),
          kind: 'purchase',
          description: 'Data Plus €9.99 Membership',
          creditDeltaCents: -999,
        },
        {
          ssn,
          occurredAt: at(-58 + i * 5 + 2),
          kind: 'usage',
          description: 'International calls',
          creditDeltaCents: -501,
        },
      );
    entries.push({
      ssn,
      occurredAt: at(-1),
      kind: 'adjustment',
      description: 'Balance carried forward',
      creditDeltaCents: credit - rewards - lent,
    });
    await tx.insert(t.ledger).values(entries);
    return;
  }
  if (credit && credit !== rewards + lent)
    await tx.insert(t.ledger).values({
      ssn,
      occurredAt: at(-1),
      kind: 'adjustment',
      description: 'Balance carried forward',
      creditDeltaCents: credit - rewards - lent,
    });
  else if (!credit && lent)
    await tx.insert(t.ledger).values({
      ssn,
      occurredAt: at(-1),
      kind: 'usage',
      description: 'Calls and texts',
      creditDeltaCents: -lent,
    });
}

/** The current membership (and a queued one), with its use so far and the daily use behind it. */
export async function insertMembership(tx: Queryable, ssn: string, spec: MemberSpec, now: Date): Promise<void> {
  const m = spec.membership!;
  const [product] = await tx.select().from(t.products).where(eq(t.products.sku, m.sku));
  if (!product) throw new Error(`no product ${m.sku} (the seed catalogue)`);
  const { endedHoursAgo, daysLeft = product.days - 1 } = m;
  const endsAt =
    endedHoursAgo === undefined
      ? new Date(now.getTime() + daysLeft * DAY)
      : new Date(now.getTime() - endedHoursAgo * HOUR);
  const startsAt = new Date(endsAt.getTime() - product.days * DAY);
  const row = membershipOf(ssn, product, 'current', startsAt, {
    enabled: m.recurrence ?? false,
    sku: m.recurrence ? product.sku : null,
  });
  const used = gb(m.usedGb ?? 0);
  const landline = m.landlineUsed ?? (spec.lived ? 42 : 0);
  await tx.insert(t.memberships).values({
    ...row,
    dataUsedKb: row.dataMaxKb === null ? used : Math.min(used, row.dataMaxKb),
    // An unlimited membership counts its use against the fair-usage figure as well.
    fupUsedKb: row.fupMaxKb === null ? 0 : Math.min(used, row.fupMaxKb),
    carryoverKb: gb(m.carryoverGb ?? 0),
    landlineMinutesUsed: row.landlineMinutesMax === null ? landline : Math.min(landline, row.landlineMinutesMax),
    // A lived-in period has been used for more than data (its roaming from the reports abroad, if it has them).
    ...(spec.lived
      ? {
          roamingUsedKb: spec.abroad ? 0 : Math.min(gb(0.8), row.roamingMaxKb ?? 0),
          mobileMinutesUsed: 143,
          textsUsed: 57,
        }
      : {}),
  });
  if (m.queued) {
    const sku = m.queued === true ? product.sku : m.queued;
    const [next] = await tx.select().from(t.products).where(eq(t.products.sku, sku));
    if (!next) throw new Error(`no product ${sku}`);
    await tx.insert(t.memberships).values(membershipOf(ssn, next, 'queued', endsAt));
  }
  if (spec.dailyUsageKb) {
    // Daily use from the period's first day (Irish calendar days), as the usage feed records it.
    for (const [i, dataKb] of spec.dailyUsageKb.entries())
      await tx.insert(t.dailyUsage).values({ ssn, day: irishDayAfter(startsAt, i), dataKb, minutes: 5, texts: 2 });
  } else if (spec.lived) {
    // Daily use for the days of this period so far, adding up to what the membership has used.
    const daysIn = endedHoursAgo === undefined ? product.days - daysLeft : product.days;
    const usage = Array.from({ length: Math.max(1, daysIn) }, (_, i) => ({
      day: irishDayAfter(now, -daysIn + i),
      weight: 1 + ((i * 7) % 5) / 4,
    }));
    const total = usage.reduce((s, u) => s + u.weight, 0);
    let assigned = 0;
    await tx.insert(t.dailyUsage).values(
      usage.map((u, i) => {
        const dataKb = i === usage.length - 1 ? used - assigned : Math.floor((used * u.weight) / total);
        assigned += dataKb;
        return { ssn, day: u.day, dataKb, minutes: 5 + (i % 4), texts: 2 + (i % 3) };
      }),
    );
  }
}
