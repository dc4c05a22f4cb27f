import { productRoamingKb } from '../../contract/roaming.ts';
import { recordUseAbroad } from '../modules/roaming/index.ts';
import { noticeIn } from '../modules/alerts/index.ts';
import { numberLeft } from '../modules/network/index.ts';
import { and, desc, eq, isNull } from 'drizzle-orm';
import { KB_PER_GB, SEGMENT_PORTIN } from '../../contract/constants.ts';
import type { Queryable } from '../db/client.ts';
import * as t from '../db/schema.ts';
import { sandboxToken } from '../modules/money/index.ts';
import { monthOf } from '../kernel/calendar.ts';
import { DAY } from '../kernel/clock.ts';
import { hashPassword } from '../kernel/passwords.ts';
import {
  insertAdvance,
  insertCardPayments,
  insertMgmOrdersToday,
  insertPortIn,
  insertComplaint,
  insertRecruits,
} from './member-rows.ts';
import { insertCreditLedger, insertMembership } from './member-money.ts';
import { gb } from './member-rows.ts';
import type { MadeMember, MemberSpec } from './member-spec.ts';

export type { MadeMember, MemberSpec };

/*
 * The one member factory (as epic-stack's createUser): the demo seed, the API tests and the browser
 * journeys all make members here, so a demo member and a test's member in the same state are the
 * same rows; it writes the account, the SIM and the flexible data a spec (member-spec.ts) names.
 */

/** The password of a member whose spec gives none. */
export const MEMBER_PASSWORD = 'Built-member-2026';

// Hashing takes a moment (argon2id, 19 MiB): once per password and process (tests make many members).

const hashes = new Map<string, Promise<string>>();

const hashOf = (password: string) => {
  let hash = hashes.get(password);
  if (!hash) hashes.set(password, (hash = hashPassword(password)));
  return hash;
};

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
  const { memberId, email, numbers, card } = await insertAccount(tx, now, spec, passwordHash);
  const id = String(memberId);
  if (spec.sim === 'none') {
    await insertMgmOrdersToday(tx, memberId, spec.mgmOrdersToday ?? 0, now);
    return { memberId, email, password, affiliateId: spec.affiliateId ?? null, ssn: '', msisdn: '' };
  }

  const { ssn, msisdn } = numbers;
  await insertSim(tx, now, spec, { memberId, ssn, msisdn, puk: numbers.puk }, card);
  await insertFlexibleData(tx, now, spec, ssn);
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

/** The person: the account, what they chose and wrote, and their stored card; the SIM's numbers to come. */
async function insertAccount(tx: Queryable, now: Date, spec: MemberSpec, passwordHash: string) {
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
      language: spec.language ?? 'en',
      legacyType: spec.legacy ?? null,
      numberLockedAt: spec.numberLock ? at(-10) : null,
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
  // Written in the member's language, as every notice is when it is told.
  if (lived)
    await tx.insert(t.notifications).values([
      { memberId, ...noticeIn(spec.language ?? 'en', { notice: 'welcome' }), read: true, createdAt: at(-60) },
      { memberId, ...noticeIn(spec.language ?? 'en', { notice: 'dataTip' }), createdAt: at(-2) },
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
  return { memberId, email, numbers, card };
}

/** The SIM and what hangs off it: credit and its ledger, memberships past and current, a port-in, use abroad. */
async function insertSim(
  tx: Queryable,
  now: Date,
  spec: MemberSpec,
  sim: { memberId: number; ssn: string; msisdn: string; puk: string },
  card: Exclude<MemberSpec['storedCard'], boolean | undefined> | undefined,
) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const { memberId, ssn, msisdn } = sim;
  await tx.insert(t.sims).values({
    ssn,
    memberId,
    msisdn,
    product: 'Pre_Start_3FF_N',
    status: spec.sim === undefined || spec.sim === 'none' ? 'active' : spec.sim,
    // An activating SIM's line is not on the network yet (its add order has not completed).
    lineState: spec.sim === 'activating' ? null : 'active',
    puk: sim.puk,
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
  // The number left as the network says it does: the lines domain applies it and money offers the credit back.
  if (spec.movedAway) await numberLeft(tx, { clock: () => at(-spec.movedAway!.daysAgo) }, msisdn);
  // A change to the line the member reported ("this wasn't me") a day ago: the fraud team's open case.
  if (spec.reportedChange)
    await tx.insert(t.lineChanges).values({
      memberId,
      kind: 'esim',
      msisdn,
      ssn,
      detail: {},
      at: at(-2),
      createdAt: at(-2),
      mailedAt: at(-2),
      expiresAt: at(5),
      reportedAt: at(-1),
    });
}

/** What the member did with their data: goody bags, The Safe, donations, this month's carryover. */
async function insertFlexibleData(tx: Queryable, now: Date, spec: MemberSpec, ssn: string) {
  const at = (days: number) => new Date(now.getTime() + days * DAY);
  const lived = spec.lived ?? false;
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
