import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { irishDayOf, irishMonthOf } from '../../../contract/irish-time.ts';
import { roamingBarOf } from '../network/index.ts';
import {
  capWithVat,
  countryName,
  creditRoamingKb,
  DEFAULT_ROAMING_CAP_CENTS,
  ROAMING_ALERT_CAUSES,
  zoneOf,
  type RoamingZone,
} from '../../../contract/roaming.ts';
import type { Roaming } from '../../../contract/roaming.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { alerts, balances, memberships, roamingMonths, roamingProfiles, roamingUsage, sims } from '../../db/schema.ts';
import { raiseAlert } from '../alerts/index.ts';
import { capUsed, euArrival, euUsed, zoneArrival } from './roaming-notices.ts';
import type { Clock } from '../../kernel/clock.ts';
import {
  chargeAndSettle,
  costOf,
  currentMembershipAt,
  type PriceList,
  type RatedUseOfKind,
  drawAllowance,
  setRoamingDataUsed,
} from '../money/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

/** One report of the network's usage feed: what a SIM used in a country since the last. */
export interface UsageAbroad {
  country: string;
  dataKb: number;
  minutes: number;
  texts: number;
}

/**
 * How a use abroad is paid (docs/product/money.md): its id (the charge's cause), its rating, the
 * network's own price where it is trusted, and the published prices (for the arrival notice). A
 * report without one (the demo seed's history) is recorded and charges nothing.
 */
export interface Pricing {
  usageId: string;
  rated: RatedUseOfKind;
  fixedCents: number | null;
  prices: PriceList;
}

export interface UsageRecorded {
  zone: RoamingZone;
  /** What this report took from credit, in cents. */
  chargedCents: number;
  /** Whether this report's data was refused: data abroad was stopped at the cap already. */
  refused: boolean;
  /** Whether data abroad is stopped from now on (the cap reached, no choice to go on). */
  stopped: boolean;
  /** Whether this report raised a notice (its push is due), and whose SIM it is. */
  noticed: boolean;
  memberId: number;
}

/**
 * One report of use abroad (docs/product/roaming.md), in one transaction under the SIM's roaming row: where the
 * SIM is (a notice on arrival in another country), its EU allowance used (notices at 80 % and 100 %),
 * the cost of data outside Zone 1 against the monthly cap (notices at 80 % and 100 %, and data
 * stopped at the cap until the member goes on), and the month's use by country. Reports of one SIM
 * are taken one at a time (the row lock), so each notice is raised once however many arrive
 * together, and the alerts' unique keys hold that across instances. Undefined for a SIM no member has.
 */
export async function recordUseAbroad(
  q: Queryable,
  clock: Clock,
  ssn: string,
  report: UsageAbroad,
  pricing?: Pricing,
): Promise<UsageRecorded | undefined> {
  const now = clock();
  const [sim] = await q.select({ memberId: sims.memberId }).from(sims).where(eq(sims.ssn, ssn));
  if (!sim?.memberId) return undefined;
  const memberId = sim.memberId;
  let noticed = false;
  const notice = async (a: Parameters<typeof raiseAlert>[2]) => {
    if (await raiseAlert(q, clock, a)) noticed = true;
  };
  await q.insert(roamingProfiles).values({ ssn }).onConflictDoNothing();
  const [profile] = await q.select().from(roamingProfiles).where(eq(roamingProfiles.ssn, ssn)).for('update');
  const zone = zoneOf(report.country);
  // Arrival: each time the SIM is seen in a country other than the last (the regulation's "each
  // time a customer enters" another state), so France then Spain tells the member twice.
  const arrived = zone !== 'home' && report.country !== (profile?.country ?? 'IE');
  await q
    .update(roamingProfiles)
    .set({ country: report.country, zone, seenAt: now })
    .where(eq(roamingProfiles.ssn, ssn));
  if (zone === 'home') return { zone, chargedCents: 0, refused: false, stopped: false, noticed, memberId };
  // What credit pays for this report (its price past what it drew on), once, in this transaction.
  const charge = async (dueCents: number) => {
    if (!pricing || dueCents <= 0) return 0;
    const { results, alerted } = await chargeAndSettle(q, clock, [
      {
        ssn,
        usageId: pricing.usageId,
        at: now,
        description: pricing.rated.description,
        useKind: pricing.rated.useKind,
        cents: dueCents,
        data: report.dataKb > 0,
      },
    ]);
    if (alerted.length > 0) noticed = true;
    return results[0]?.takenCents ?? 0;
  };
  const priced = (units: number) => (pricing ? (pricing.fixedCents ?? costOf(pricing.rated, units)) : 0);

  const month = irishMonthOf(now);
  await q.insert(roamingMonths).values({ ssn, month }).onConflictDoNothing();
  const [spend] = await q
    .select()
    .from(roamingMonths)
    .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, month)));
  const cap = profile?.capCents === undefined ? DEFAULT_ROAMING_CAP_CENTS : profile.capCents;
  const continued = spend?.continued ?? false;
  const spent = spend?.spentCents ?? 0;

  if (zone === '1') {
    const allowance = await euAllowanceForUpdate(q, ssn, month, spend, now);
    if (arrived)
      await notice({
        memberId,
        cause: 'roamingArrival',
        key: `${ssn}:${now.toISOString()}:${report.country}`,
        ...euArrival(report.country, Math.max(0, allowance.max - allowance.used), allowance.from === 'credit', now),
      });
    const used = allowance.used + report.dataKb;
    await allowance.use(used);
    // Data past the EU allowance at the regulated surcharge; calls and texts as at home, from the
    // membership's minutes and texts, then credit.
    const over =
      report.dataKb > 0
        ? Math.max(0, used - allowance.max) - Math.max(0, allowance.used - allowance.max)
        : await drawAllowance(q, ssn, now, pricing?.rated);
    const chargedCents = await charge(priced(over));
    if (allowance.max > 0 && used * 5 >= allowance.max * 4)
      await notice({
        memberId,
        cause: 'roamingFairUse',
        key: `${ssn}:${allowance.period}:80`,
        ...euUsed(80, allowance.max, false, now),
      });
    if (allowance.max > 0 && used >= allowance.max)
      await notice({
        memberId,
        cause: 'roamingFairUse',
        key: `${ssn}:${allowance.period}:100`,
        ...euUsed(100, allowance.max, allowance.from === 'membership', now),
      });
    await addUse(q, ssn, month, report, report.dataKb);
    return { zone, chargedCents, refused: false, stopped: false, noticed, memberId };
  }

  const capVat = cap === null ? null : capWithVat(cap);
  if (arrived) {
    await notice({
      memberId,
      cause: 'roamingArrival',
      key: `${ssn}:${now.toISOString()}:${report.country}`,
      ...zoneArrival(
        report.country,
        zone,
        pricing?.prices.roaming[zone],
        cap === null || capVat === null ? null : { cents: cap, withVat: capVat },
      ),
    });
  }
  const capped = capVat !== null && !continued;
  // At the cap, data abroad stops until the member goes on: the report's data is refused.
  const refused = capped && spent >= capVat && report.dataKb > 0;
  const dataKb = refused ? 0 : report.dataKb;
  // What credit paid: the month's spend on data outside the EU is what left the credit for it.
  const chargedCents = await charge(refused ? 0 : priced(report.dataKb > 0 ? dataKb : (pricing?.rated.units ?? 0)));
  const after = spent + (report.dataKb > 0 ? chargedCents : 0);
  await q
    .update(roamingMonths)
    .set({ spentCents: after })
    .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, month)));
  if (capped && report.dataKb > 0 && after * 5 >= capVat * 4)
    await notice({
      memberId,
      cause: 'roamingCap',
      key: `${ssn}:${month}:${cap}:80`,
      ...capUsed(80, after, { cents: cap!, withVat: capVat }),
    });
  if (capped && report.dataKb > 0 && after >= capVat)
    await notice({
      memberId,
      cause: 'roamingCap',
      key: `${ssn}:${month}:${cap}:100`,
      ...capUsed(100, after, { cents: cap!, withVat: capVat }),
    });
  await addUse(q, ssn, month, report, dataKb);
  return { zone, chargedCents, refused, stopped: capped && after >= capVat, noticed, memberId };
}

/**
 * The EU allowance a report draws on, its rows locked: the current membership's (fixed when it
 * started), or with none the credit's, taken when roaming begins in the month and kept for it.
 */
async function euAllowanceForUpdate(
  q: Queryable,
  ssn: string,
  month: string,
  row: typeof roamingMonths.$inferSelect | undefined,
  now: Date,
) {
  const [m] = await q
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)))
    .for('update');
  if (m)
    return {
      from: 'membership' as const,
      max: m.roamingMaxKb,
      used: m.roamingUsedKb,
      period: m.startsAt.toISOString(),
      // What is used past the allowance is not the allowance's (the surcharge applies): the figure stops at it.
      use: async (used: number) => {
        await setRoamingDataUsed(q, m.id, Math.min(used, m.roamingMaxKb));
      },
    };
  let max = row?.creditAllowanceKb ?? null;
  if (max === null) {
    max = creditRoamingKb(await creditOf(q, ssn), now);
    await q
      .update(roamingMonths)
      .set({ creditAllowanceKb: max, creditFixedOn: irishDayOf(now) })
      .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, month)));
  }
  return {
    from: 'credit' as const,
    max,
    used: row?.creditUsedKb ?? 0,
    period: month,
    use: async (used: number) => {
      await q
        .update(roamingMonths)
        .set({ creditUsedKb: used })
        .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, month)));
    },
  };
}

/**
 * A call or text in the EU and EEA drawn, like at home, from the membership's minutes (to mobiles or
 * landlines) or texts, its row locked: answers what the allowance could not cover (all of it with no
 * membership, none with an unlimited one).
 */
async function addUse(q: Queryable, ssn: string, month: string, report: UsageAbroad, dataKb: number) {
  await q
    .insert(roamingUsage)
    .values({ ssn, month, country: report.country, dataKb, minutes: report.minutes, texts: report.texts })
    .onConflictDoUpdate({
      target: [roamingUsage.ssn, roamingUsage.month, roamingUsage.country],
      set: {
        dataKb: sql`${roamingUsage.dataKb} + ${dataKb}`,
        minutes: sql`${roamingUsage.minutes} + ${report.minutes}`,
        texts: sql`${roamingUsage.texts} + ${report.texts}`,
      },
    });
}

const creditOf = async (q: Queryable, ssn: string) =>
  (await q.select({ credit: balances.creditCents }).from(balances).where(eq(balances.ssn, ssn)))[0]?.credit ?? 0;

/** What the roaming screen shows of one SIM (docs/product/roaming.md), read at `now`. */
export async function readRoaming({ db, clock }: ServiceContext, memberId: number, ssn: string): Promise<Roaming> {
  const now = clock();
  const month = irishMonthOf(now);
  const [profile] = await db.select().from(roamingProfiles).where(eq(roamingProfiles.ssn, ssn));
  const [spend] = await db
    .select()
    .from(roamingMonths)
    .where(and(eq(roamingMonths.ssn, ssn), eq(roamingMonths.month, month)));
  const [m] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.ssn, ssn), currentMembershipAt(now)));
  const usage = await db
    .select()
    .from(roamingUsage)
    .where(and(eq(roamingUsage.ssn, ssn), eq(roamingUsage.month, month)))
    .orderBy(desc(roamingUsage.dataKb), roamingUsage.country);
  const notices = await db
    .select()
    .from(alerts)
    .where(and(eq(alerts.memberId, memberId), inArray(alerts.cause, [...ROAMING_ALERT_CAUSES])))
    .orderBy(desc(alerts.createdAt), desc(alerts.id))
    .limit(50);
  const allowance = m
    ? {
        from: 'membership' as const,
        max: m.roamingMaxKb,
        used: m.roamingUsedKb,
        fixedOn: irishDayOf(m.startsAt),
      }
    : {
        from: 'credit' as const,
        max: spend?.creditAllowanceKb ?? creditRoamingKb(await creditOf(db, ssn), now),
        used: spend?.creditUsedKb ?? 0,
        fixedOn: spend?.creditFixedOn ?? null,
      };
  const cap = profile ? profile.capCents : DEFAULT_ROAMING_CAP_CENTS;
  const spent = spend?.spentCents ?? 0;
  const continued = spend?.continued ?? false;
  return {
    country: profile?.country ?? null,
    country_name: profile?.country ? countryName(profile.country) : null,
    zone: (profile?.zone as RoamingZone | null) ?? null,
    seen_at: profile?.seenAt?.toISOString() ?? null,
    allowance: {
      from: allowance.from,
      max_kb: allowance.max,
      used_kb: Math.min(allowance.used, allowance.max),
      left_kb: Math.max(0, allowance.max - allowance.used),
      fixed_on: allowance.fixedOn,
    },
    month,
    by_country: usage.map((u) => ({
      country: u.country,
      country_name: countryName(u.country),
      zone: zoneOf(u.country),
      data_kb: u.dataKb,
      minutes: u.minutes,
      texts: u.texts,
    })),
    cap: {
      cap_cents: cap,
      cap_with_vat_cents: cap === null ? null : capWithVat(cap),
      spent_cents: spent,
      continued,
      stopped: cap !== null && !continued && spent >= capWithVat(cap),
      on_network: await roamingBarOf(db, ssn, month),
    },
    notices: notices.map((n) => ({
      id: n.id,
      cause: n.cause as (typeof ROAMING_ALERT_CAUSES)[number],
      title: n.title,
      body: n.body,
      created_at: n.createdAt.toISOString(),
    })),
  };
}

/** The member's choice of cap on data outside Zone 1 (null: none). */
export async function chooseCap(q: Queryable, ssn: string, capCents: number | null): Promise<void> {
  await q
    .insert(roamingProfiles)
    .values({ ssn, capCents })
    .onConflictDoUpdate({ target: roamingProfiles.ssn, set: { capCents } });
}

/** "Keep using data abroad this month": past the cap, until the month ends. */
export async function goOnThisMonth(q: Queryable, clock: Clock, ssn: string): Promise<void> {
  const month = irishMonthOf(clock());
  await q
    .insert(roamingMonths)
    .values({ ssn, month, continued: true })
    .onConflictDoUpdate({ target: [roamingMonths.ssn, roamingMonths.month], set: { continued: true } });
}
