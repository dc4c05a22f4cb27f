import { eq } from 'drizzle-orm';
import { CREDIT_AMOUNTS_CENTS } from '../../contract/constants.ts';
import { RECRUIT_REWARD_CENTS } from '../../contract/recruit.schema.ts';
import { catalogue } from './catalogue.ts';
import type { Queryable } from '../db/client.ts';
import { DAY, HOUR } from '../kernel/clock.ts';
import { membershipOf } from '../modules/money/index.ts';
import { advanceLedgerNet, gb, irishDayAfter } from './member-rows.ts';
import type { MemberSpec } from './member-spec.ts';
import * as t from '../db/schema.ts';

/** Where the current membership's period starts and ends (insertMembership makes it with the same figures). */
function periodOf(spec: MemberSpec, days: number, now: Date) {
  const m = spec.membership!;
  const daysLeft = m.daysLeft ?? days - 1;
  const endsAt =
    m.endedHoursAgo === undefined
      ? new Date(now.getTime() + daysLeft * DAY)
      : new Date(now.getTime() - m.endedHoursAgo * HOUR);
  return { startsAt: new Date(endsAt.getTime() - days * DAY), endsAt, daysLeft };
}

/** A member's own pace of calls and texts (0 to 4), from their SIM: demo members do not all talk alike. */
const paceOf = (ssn: string) => Number(ssn.slice(-2)) % 5;

/** What out-of-bundle calls cost now and then (cents), picked by the member's pace. */
const CALL_CHARGES = [118, 245, 73, 390, 160] as const;

/**
 * The ledger explains the credit, as on a real account. Lived in: the member's own membership bought
 * each period as far back as the SIM goes (or `historyDays`; 180 days at most), topped up by card the day before
 * when credit paid for it, or paid by the stored card when it renews by itself; a few calls charged
 * to credit; the balance carried from before the first of them. Otherwise one row for what the
 * member had besides the recruit rewards and an advance, which have rows of their own.
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
    const payCard = card ? { cardBrand: card.brand, cardLast4: card.last4 } : { cardBrand: 'VISA', cardLast4: '0000' };
    const since = at(-Math.min(spec.historyDays ?? spec.simAgeDays ?? 60, 180));
    const pace = paceOf(ssn);
    type Entry = typeof t.ledger.$inferInsert;
    const events: Entry[] = [];
    const product = spec.membership ? catalogue.find((p) => p.sku === spec.membership!.sku) : undefined;
    if (spec.membership && !product) throw new Error(`no product ${spec.membership.sku} in the catalogue`);
    if (product && product.days > 0) {
      const { startsAt } = periodOf(spec, product.days, now);
      // The current period's purchase (unless the card payments the spec lists stand for it), then each before it.
      for (let k = 0; ; k++) {
        const bought = new Date(startsAt.getTime() - k * product.days * DAY);
        if (bought < since) break;
        const i = events.length;
        const standIn = k === 0 && Boolean(spec.cardPayments?.length);
        if (spec.membership!.recurrence && card)
          events.push(
            // Renewed by the stored card; credit topped up by card a few days in, for calls.
            {
              ssn,
              occurredAt: new Date(bought.getTime() + 3 * DAY + 2 * HOUR),
              kind: 'top-up',
              description: 'Top-up by card',
              creditDeltaCents: 1000,
              cardCents: 1000,
              ...payCard,
              reference: `seed:top-up:${ssn}:${i}`,
            },
            ...(standIn
              ? []
              : [
                  {
                    ssn,
                    occurredAt: bought,
                    kind: 'purchase' as const,
                    description: product.name,
                    creditDeltaCents: 0,
                    cardCents: product.priceCents,
                    ...payCard,
                    reference: `seed:renewal:${ssn}:${i}`,
                  },
                ]),
          );
        else if (!standIn) {
          const topUp = CREDIT_AMOUNTS_CENTS.find((a) => a >= product.priceCents) ?? product.priceCents;
          events.push(
            {
              ssn,
              occurredAt: new Date(bought.getTime() - DAY + 3 * HOUR),
              kind: 'top-up',
              description: 'Top-up by card',
              creditDeltaCents: topUp,
              cardCents: topUp,
              ...payCard,
              reference: `seed:top-up:${ssn}:${i}`,
            },
            {
              ssn,
              occurredAt: bought,
              kind: 'purchase',
              description: product.name,
              creditDeltaCents: -product.priceCents,
            },
          );
        }
        // A call abroad or to a premium number in the period's middle, charged to credit.
        const charged = new Date(bought.getTime() + Math.floor(product.days / 2) * DAY + 5 * HOUR);
        if (charged < now)
          events.push({
            ssn,
            occurredAt: charged,
            kind: 'usage',
            description: 'International calls',
            creditDeltaCents: -CALL_CHARGES[(pace + k) % CALL_CHARGES.length]!,
          });
      }
    } else {
      // No membership: credit bought by card and spent on calls, every few weeks.
      for (let d = 56; d > 3; d -= 21) {
        if (at(-d) < since) continue;
        events.push(
          {
            ssn,
            occurredAt: at(-d),
            kind: 'top-up',
            description: 'Top-up by card',
            creditDeltaCents: 1000,
            cardCents: 1000,
            ...payCard,
            reference: `seed:top-up:${ssn}:${d}`,
          },
          {
            ssn,
            occurredAt: at(-d + 4),
            kind: 'usage',
            description: 'Calls and texts',
            creditDeltaCents: -CALL_CHARGES[(pace + d) % CALL_CHARGES.length]!,
          },
        );
      }
    }
    // What an advance lent beyond the credit left was spent (its own rows say it came in).
    if (credit - rewards - lent < 0)
      events.push({
        ssn,
        occurredAt: at(-1),
        kind: 'usage',
        description: 'Calls and texts',
        creditDeltaCents: credit - rewards - lent,
      });
    // From the end back: the balance after each event is known; a top-up that would need the balance
    // below zero before it is left out; what is left over was there before the first event.
    events.sort((a, b) => a.occurredAt!.getTime() - b.occurredAt!.getTime());
    while (events.length && events.at(-1)!.occurredAt! >= now) events.pop();
    let balance = credit - rewards - lent;
    const kept: Entry[] = [];
    const newestFirst = [...events].reverse();
    for (const [i, e] of newestFirst.entries()) {
      if (e.kind === 'top-up' && balance < e.creditDeltaCents!) continue;
      // Calls made with a top-up just before them spend at least what keeps it in the history.
      const before = newestFirst[i + 1];
      if (e.kind === 'usage' && before?.kind === 'top-up' && balance - e.creditDeltaCents! < before.creditDeltaCents!)
        e.creditDeltaCents = balance - before.creditDeltaCents!;
      balance -= e.creditDeltaCents!;
      kept.unshift(e);
    }
    if (balance !== 0)
      kept.unshift({
        ssn,
        occurredAt: new Date((kept[0]?.occurredAt ?? at(-1)).getTime() - DAY),
        kind: 'adjustment',
        description: 'Balance carried forward',
        creditDeltaCents: balance,
      });
    if (kept.length) await tx.insert(t.ledger).values(kept);
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
      useKind: 'calls',
      description: 'Calls and texts',
      creditDeltaCents: -lent,
    });
}

/** The current membership (and a queued one), with its use so far and the daily use behind it. */
export async function insertMembership(tx: Queryable, ssn: string, spec: MemberSpec, now: Date): Promise<void> {
  const m = spec.membership!;
  const [product] = await tx.select().from(t.products).where(eq(t.products.sku, m.sku));
  if (!product) throw new Error(`no product ${m.sku} (the seed catalogue)`);
  const { startsAt, endsAt, daysLeft } = periodOf(spec, product.days, now);
  const row = membershipOf(ssn, product, 'current', startsAt, {
    enabled: m.recurrence ?? false,
    sku: m.recurrence ? product.sku : null,
  });
  const used = gb(m.usedGb ?? 0);
  // A lived-in period's days so far, each with the member's own pace of calls and texts.
  const daysIn = m.endedHoursAgo === undefined ? product.days - daysLeft : product.days;
  const pace = paceOf(ssn);
  const days = spec.lived
    ? Array.from({ length: Math.max(1, daysIn) }, (_, i) => ({
        day: irishDayAfter(now, -daysIn + i),
        weight: 1 + ((i * 7) % 5) / 4,
        minutes: 2 + pace + ((i * 3) % 5),
        texts: 1 + (pace % 3) + (i % 3),
        landline: (i + pace) % 4 === 0 ? 3 + pace : 0,
      }))
    : [];
  const sum = (k: 'minutes' | 'texts' | 'landline') => days.reduce((n, d) => n + d[k], 0);
  const landline = m.landlineUsed ?? sum('landline');
  const capped = (n: number, max: number | null) => (max === null ? n : Math.min(n, max));
  await tx.insert(t.memberships).values({
    ...row,
    dataUsedKb: row.dataMaxKb === null ? used : Math.min(used, row.dataMaxKb),
    // An unlimited membership counts its use against the fair-usage figure as well.
    fupUsedKb: row.fupMaxKb === null ? 0 : Math.min(used, row.fupMaxKb),
    carryoverKb: gb(m.carryoverGb ?? 0),
    landlineMinutesUsed: capped(landline, row.landlineMinutesMax),
    // A lived-in period has been used for more than data (its roaming from the reports abroad, if it has them).
    ...(spec.lived
      ? {
          roamingUsedKb: spec.abroad ? 0 : Math.min(gb(0.8), row.roamingMaxKb ?? 0),
          mobileMinutesUsed: capped(sum('minutes'), row.mobileMinutesMax ?? null),
          textsUsed: capped(sum('texts'), row.textsMax ?? null),
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
    const total = days.reduce((s, u) => s + u.weight, 0);
    let assigned = 0;
    await tx.insert(t.dailyUsage).values(
      days.map((u, i) => {
        const dataKb = i === days.length - 1 ? used - assigned : Math.floor((used * u.weight) / total);
        assigned += dataKb;
        return { ssn, day: u.day, dataKb, minutes: u.minutes + u.landline, texts: u.texts };
      }),
    );
  }
}
