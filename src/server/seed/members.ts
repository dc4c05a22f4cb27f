import { productRoamingKb } from '../../contract/roaming.ts';
import { recordUseAbroad } from '../services/roaming.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { KB_PER_GB, SEGMENT_PORTIN } from '../../contract/constants.ts';
import { RECRUIT_REWARD_CENTS } from '../../contract/recruit.schema.ts';
import type { Queryable } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sandboxToken } from '../integrations/payments/index.ts';
import { monthOf } from '../services/calendar.ts';
import { DAY, HOUR } from '../services/clock.ts';
import { membershipOf } from '../services/memberships.ts';
import { hashPassword } from '../services/passwords.ts';
import {
  advanceLedgerNet,
  insertAdvance,
  insertCardPayments,
  insertMgmOrdersToday,
  insertPortIn,
  insertComplaint,
  insertRecruits,
  irishDayAfter,
} from './member-rows.ts';

/**
 * The one member factory (as epic-stack's createUser): the demo seed, the API tests and the browser
 * journeys all make members here, so a demo member and a test's member in the same state are the
 * same rows. A spec names the state; whatever it leaves out is a plain, verified member with an
 * active SIM, no credit and no membership.
 */
export interface MemberSpec {
  /** Fresh by default (built-…@example.com), with the factory's password. */
  email?: string;
  password?: string;
  firstname?: string;
  lastname?: string;
  /** The SIM's serial, number and PUK (the demo members' are fixed); made from the member's id by default. */
  numbers?: { ssn: string; msisdn: string; puk: string };
  /**
   * An account lived in for two months, as the demo members are: two notifications (a welcome, read,
   * and a tip), two months of card top-ups, memberships and calls in the ledger before the credit
   * carried forward, a card stored a month ago, and a membership with typical use (roaming, minutes,
   * texts, daily use spread over the days so far). Off: only the rows the spec asks for.
   */
  lived?: boolean;
  /** A member who has not confirmed their e-mail address yet (verified by default). */
  verified?: boolean;
  /** Not signed in before (the first-login journey), and new to memberships. */
  firstLogin?: boolean;
  newMembership?: boolean;
  legacy?: 'LEGACY' | 'NEW_NEXT_MONTH';
  /** Marketing permissions as stored (none by default: the spec's defaults apply). */
  marketing?: { email: boolean; sms: boolean };
  spendLimitCents?: number;
  /** The SIM: active by default, activating, or none at all. */
  sim?: 'active' | 'activating' | 'none';
  /** How long ago the SIM came to 48 (60 days by default). */
  simAgeDays?: number;
  billing?: 'ok' | 'unavailable';
  /** Credit in cents; null: the SIM has no balance on the billing platform (account details missing). */
  creditCents?: number | null;
  /** A stored card: true for the sandbox's success card (Visa ending 0000), or a sandbox test card as shown. */
  storedCard?: boolean | { card: string; brand: string; last4: string; expiry: string };
  /** Past payments by the stored card (receipts, the spend limit's month): a membership bought that many days ago. */
  cardPayments?: { sku: string; daysAgo: number }[];
  /** A 30-day membership that ended five days ago, all its data used. */
  pastMembership?: boolean;
  /**
   * A current membership of this product: days left of its period, or the hours since its period
   * ended (the renewal job has not handed it on); data used; data carried over into it; auto-renew;
   * a queued one (a SKU, or true for the same product); landline minutes used.
   */
  membership?: {
    sku: string;
    daysLeft?: number;
    endedHoursAgo?: number;
    usedGb?: number;
    carryoverGb?: number;
    recurrence?: boolean;
    queued?: string | true;
    landlineUsed?: number;
  };
  /** Daily use of the current period, one entry per day from its first (KB). */
  dailyUsageKb?: number[];
  /** This month's once-a-month action taken already: a carryover of 1 GB (as the action itself records it). */
  carriedOverThisMonth?: boolean;
  /** Past donations: euro before 21.04.2020, data after. */
  donations?: { on?: string; daysAgo?: number; cents?: number; gb?: number }[];
  /** Onboarding data bags (a free SIM's first data): product, size and what is left, in KB. */
  goodyBags?: { sku: string; maxKb: number; leftKb: number; daysLeft: number }[];
  /** The Safe's balance in GB. */
  safeGb?: number;
  /** Recruit and reward: the member's affiliate id, and free SIMs ordered for friends today. */
  affiliateId?: string;
  mgmOrdersToday?: number;
  /** Friends sent a free SIM: rewarded ones activated theirs and bought a first membership (€10 each, within the credit). */
  recruits?: { name: string; daysAgo: number; rewarded?: boolean }[];
  /** A port-in in progress (scheduled) behind the PORTIN_IN_PROGRESS segment. */
  portIn?: { msisdn: string; provider: string; movesInDays: number };
  /** A top-up advance taken that many days ago, with this much still owed (docs/product/lifelines.md). */
  advance?: { owedCents: number; daysAgo: number };
  /** A free SIM on its way (docs/product/customer-care.md): placed that many minutes ago, dispatched that many minutes ago if it was. */
  freeSimOrder?: { placedMinutesAgo: number; dispatchedMinutesAgo?: number };
  /**
   * A complaint (docs/product/customer-care.md), received that many working days ago and acknowledged then; with
   * a response that many days ago if it has one. `number` fixes its reference (48-C- and six digits;
   * the demo members' are below the ids the tickets table hands out).
   */
  complaint?: {
    number?: number;
    receivedWorkingDaysAgo: number;
    respondedDaysAgo?: number;
    message: string;
    response?: string;
  };
  /** How we contact you, as saved in settings. */
  contactPreferences?: { largePrint?: boolean; noPhoneCalls?: boolean; emailOnly?: boolean; notes?: string };
  /** Use abroad this month, as the network's usage feed reports it (docs/product/roaming.md), one report each, in order. */
  abroad?: { country: string; dataGb?: number; minutes?: number; texts?: number }[];
}

export interface MadeMember {
  memberId: number;
  email: string;
  password: string;
  /** The id in the member's recruit link, if the spec gave one. */
  affiliateId: string | null;
  /** The SIM's serial and number (empty without a SIM). */
  ssn: string;
  msisdn: string;
}

/** The password of a member whose spec gives none. */
export const MEMBER_PASSWORD = 'Built-member-2026';

// Hashing takes a moment (argon2id, 19 MiB): once per password and process (tests make many members).
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

const gb = (n: number) => Math.round(n * KB_PER_GB);

/** A tail no other made member has (time and chance): for e-mail addresses and recruit ids. */
export const uniqueTail = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e9).toString(36)}`;

/** A new member in the state the spec names, in one transaction (a savepoint inside the caller's). */
export async function createMember(db: Queryable, now: Date, spec: MemberSpec = {}): Promise<MadeMember> {
  const password = spec.password ?? MEMBER_PASSWORD;
  const passwordHash = await hashOf(password);
  return db.transaction((tx) => insertMember(tx, now, spec, password, passwordHash));
}

async function insertMember(
  tx: Queryable,
  now: Date,
  spec: MemberSpec,
  password: string,
  passwordHash: string,
): Promise<MadeMember> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const lived = spec.lived ?? false;
  const email = spec.email ?? `built-${uniqueTail()}@example.com`;
  const [member] = await tx
    .insert(t.members)
    .values({
      email,
      passwordHash,
      firstname: spec.firstname ?? 'Built',
      lastname: spec.lastname ?? 'Member',
      nickname: spec.firstname ?? 'Built',
      affiliateId: spec.affiliateId ?? null,
      isVerified: spec.verified ?? true,
      firstLogin: spec.firstLogin ?? false,
      isNewMembership: spec.newMembership ?? false,
      // As a real account is: asked for marketing permissions after a first log-in, unless new to memberships.
      captureMarketingPermissions: spec.firstLogin === true && !spec.newMembership,
      spendLimitCents: spec.spendLimitCents ?? null,
      legacyType: spec.legacy ?? null,
      createdAt: at(-60),
    })
    .returning({ id: t.members.id });
  const memberId = member!.id;
  // Numbers from the member's id: unique in the database, whichever process or test made the member,
  // and apart from the demo members' (087 100 …) and the spare cards' (087 200 …): 083 and seven digits.
  const id = String(memberId);
  const numbers = spec.numbers ?? {
    ssn: `8935302${id.padStart(12, '0')}`,
    msisdn: `083${id.padStart(7, '0')}`,
    puk: String(30_000_000 + memberId),
  };
  if (spec.marketing) await tx.insert(t.marketingPermissions).values({ memberId, ...spec.marketing });
  if (lived)
    await tx.insert(t.notifications).values([
      {
        memberId,
        title: 'Welcome to 48',
        body: 'Your account is ready. Buy a membership any time in my48.',
        read: true,
        createdAt: at(-60),
      },
      {
        memberId,
        title: 'Your data tip',
        body: 'Carry over unused data once a month so nothing goes to waste.',
        createdAt: at(-2),
      },
    ]);
  if (spec.portIn) await tx.insert(t.segments).values({ memberId, segmentType: SEGMENT_PORTIN });
  if (spec.freeSimOrder) {
    const { placedMinutesAgo, dispatchedMinutesAgo } = spec.freeSimOrder;
    const minutesAgo = (m: number) => new Date(now.getTime() - m * 60_000);
    await tx.insert(t.orders).values({
      memberId,
      sku: 'Pre_Start_3FF_N',
      status: 'SIM_ORDERED',
      shippingType: 'FREE_SIM',
      firstname: spec.firstname ?? 'Built',
      lastname: spec.lastname ?? 'Member',
      line1: '7 Patrick Street',
      city: 'Cork',
      county: 'Cork',
      postcode: 'T12 X2Y3',
      createdAt: minutesAgo(placedMinutesAgo),
      dispatchedAt: dispatchedMinutesAgo === undefined ? null : minutesAgo(dispatchedMinutesAgo),
    });
  }
  if (spec.complaint)
    await insertComplaint(
      tx,
      { memberId, email, name: `${spec.firstname ?? 'Built'} ${spec.lastname ?? 'Member'}` },
      spec.complaint,
      now,
    );
  if (spec.contactPreferences)
    await tx.insert(t.contactPreferences).values({ memberId, ...spec.contactPreferences, updatedAt: now });
  const card =
    spec.storedCard === true
      ? { card: '4200000000000000', brand: 'VISA', last4: '0000', expiry: '12/30' }
      : spec.storedCard || undefined;
  if (card)
    await tx.insert(t.storedCards).values({
      memberId,
      token: sandboxToken(card.card),
      brand: card.brand,
      last4: card.last4,
      expiry: card.expiry,
      createdAt: lived ? at(-30) : now,
    });
  if (spec.cardPayments && !card) throw new Error('card payments need a stored card');
  if (spec.sim === 'none') {
    await insertMgmOrdersToday(tx, memberId, spec.mgmOrdersToday ?? 0, now);
    return { memberId, email, password, affiliateId: spec.affiliateId ?? null, ssn: '', msisdn: '' };
  }

  const { ssn, msisdn } = numbers;
  await tx.insert(t.sims).values({
    ssn,
    memberId,
    msisdn,
    product: 'Pre_Start_3FF_N',
    status: spec.sim ?? 'active',
    puk: numbers.puk,
    billingStatus: spec.billing ?? 'ok',
    createdAt: at(-(spec.simAgeDays ?? 60)),
  });
  if (spec.creditCents !== null) await tx.insert(t.balances).values({ ssn, creditCents: spec.creditCents ?? 0 });
  await insertCreditLedger(tx, ssn, spec, card, now);
  if (spec.advance) await insertAdvance(tx, ssn, spec.advance, now);

  if (spec.pastMembership) {
    const [p] = await tx.select().from(t.products).where(eq(t.products.sku, 'BDDT00'));
    if (!p) throw new Error('no product BDDT00 (the seed catalogue)');
    await tx.insert(t.memberships).values({
      ssn,
      sku: p.sku,
      status: 'past',
      startsAt: at(-35),
      endsAt: at(-5),
      dataMaxKb: p.dataKb,
      dataUsedKb: p.dataKb ?? 0,
      roamingMaxKb: productRoamingKb(p, at(-35)),
      landlineMinutesMax: p.landlineMinutes,
    });
  }
  if (spec.portIn) await insertPortIn(tx, { memberId, ssn }, spec.portIn, now);
  if (card) await insertCardPayments(tx, ssn, card, spec.cardPayments ?? [], now, `seed:card:${ssn}`);
  if (spec.membership) await insertMembership(tx, ssn, spec, now);
  for (const report of spec.abroad ?? [])
    await recordUseAbroad(tx, () => now, ssn, {
      country: report.country,
      dataKb: Math.round((report.dataGb ?? 0) * KB_PER_GB),
      minutes: report.minutes ?? 0,
      texts: report.texts ?? 0,
    });
  for (const bag of spec.goodyBags ?? [])
    await tx.insert(t.goodyBags).values({
      ssn,
      productSku: bag.sku,
      maxOnboardKb: bag.maxKb,
      onboardKb: bag.leftKb,
      expiresAt: at(bag.daysLeft),
    });
  if (spec.safeGb)
    await tx.insert(t.vaults).values({ ssn, balanceKb: gb(spec.safeGb), updatedAt: lived ? at(-20) : now });
  for (const d of spec.donations ?? [])
    await tx.insert(t.donations).values({
      ssn,
      occurredAt: d.on ? new Date(d.on) : at(-(d.daysAgo ?? 0)),
      amountCents: d.cents ?? null,
      dataKb: d.gb === undefined ? null : gb(d.gb),
    });
  if (spec.carriedOverThisMonth) {
    // The carryover took 1 GB out of this membership for the next one, as the action itself does.
    await tx
      .insert(t.flexiActions)
      .values({ ssn, month: monthOf(now), action: 'carryover', dataKb: KB_PER_GB, createdAt: now });
    await tx
      .update(t.memberships)
      .set({ dataOutKb: KB_PER_GB, carryForwardKb: KB_PER_GB })
      .where(and(eq(t.memberships.ssn, ssn), eq(t.memberships.status, 'current')));
    await tx.insert(t.ledger).values({
      ssn,
      occurredAt: now,
      kind: 'flexi',
      description: 'Carryover: 1 GB kept for your next membership',
      dataDeltaKb: -KB_PER_GB,
      reference: `seed:carryover:${ssn}`,
    });
  }
  await insertRecruits(tx, { memberId, ssn }, spec.recruits ?? [], now, {
    // The rewarded friend's card is active on their own SIM now (numbered from the recruiter's id).
    rewardedCard: (i) => `8935309${id.padStart(10, '0')}${i}${i}`,
    // The card on its way is taken from stock as the send-free-SIM service takes one: the highest free.
    stockCard: async () => {
      const [free] = await tx
        .select({ ssn: t.simStock.ssn })
        .from(t.simStock)
        .where(isNull(t.simStock.orderId))
        .orderBy(desc(t.simStock.ssn))
        .limit(1);
      if (!free) throw new Error('no SIM card in stock (the catalogue seeds them)');
      return free.ssn;
    },
  });
  await insertMgmOrdersToday(tx, memberId, spec.mgmOrdersToday ?? 0, now);
  return { memberId, email, password, affiliateId: spec.affiliateId ?? null, ssn, msisdn };
}

/**
 * The ledger explains the credit, as on a real account. Lived in: two months of card top-ups,
 * memberships and calls, then the credit carried forward. Otherwise one row for what the member had
 * besides the recruit rewards and an advance, which have rows of their own.
 */
async function insertCreditLedger(
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
async function insertMembership(tx: Queryable, ssn: string, spec: MemberSpec, now: Date): Promise<void> {
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

/** A household (docs/product/lifelines.md) owned by a member, its lines these SIMs in order, formed 40 days ago. */
export async function createHousehold(db: Queryable, now: Date, ownerId: number, ssns: string[]): Promise<void> {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  await db.transaction(async (tx) => {
    const [household] = await tx
      .insert(t.households)
      .values({ ownerId, createdAt: at(-40) })
      .returning();
    await tx
      .insert(t.householdLines)
      .values(ssns.map((ssn, i) => ({ householdId: household!.id, ssn, slot: i + 1, joinedAt: at(-40 + i) })));
  });
}
