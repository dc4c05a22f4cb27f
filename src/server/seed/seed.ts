import { and, eq, getTableName, is, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { KB_PER_GB, MGM_DAILY_LIMIT, SEGMENT_PORTIN } from '../../contract/constants.ts';
import { monthOf } from '../services/calendar.ts';
import { DAY, HOUR } from '../services/clock.ts';
import { sandboxToken } from '../integrations/payments/index.ts';
import { membershipOf } from '../services/memberships.ts';
import { hashPassword } from '../services/passwords.ts';
import { RECRUIT_REWARD_CENTS } from '../../contract/recruit.ts';
import { catalogue } from './catalogue.ts';
import {
  advanceLedgerNet,
  insertAdvance,
  insertCardPayments,
  insertMgmOrdersToday,
  insertPortIn,
  insertRecruits,
  irishDayAfter,
} from './member-rows.ts';
import type { Database, Queryable } from '../db/client.ts';
import * as t from '../db/schema.ts';

export const DEMO_PASSWORD = 'Demo-48-pass';
const gb = (n: number) => Math.round(n * KB_PER_GB);

// Hashing takes a moment (argon2id, 19 MiB); the demo members share one password, so
// hash it once per process (tests reseed often).
let demoHash: Promise<string> | undefined;

interface DemoMember {
  n: number;
  email: string;
  firstname: string;
  lastname: string;
  verified?: boolean;
  firstLogin?: boolean;
  newMembership?: boolean;
  legacy?: 'LEGACY';
  sim?: 'active' | 'activating' | 'none';
  balance?: number | 'missing';
  billing?: 'unavailable';
  /** endedHoursAgo: the period ended that long before seeding (the renewal job hands it on at start); queued: a SKU, or true for the same one. */
  membership?: {
    sku: string;
    daysLeft: number;
    usedGb?: number;
    carryoverGb?: number;
    recurrence?: boolean;
    queued?: boolean | string;
    endedHoursAgo?: number;
    landlineUsed?: number;
  };
  /** Flexible data: The Safe's balance (GB) and past donations (euro before 21.04.2020, GB after). */
  safeGb?: number;
  donations?: { daysAgo?: number; on?: string; cents?: number; gb?: number }[];
  /** Recruit and reward: the member's affiliate id and the friends sent a free SIM (rewarded: activated and first membership bought). */
  affiliateId?: string;
  recruits?: { name: string; daysAgo: number; rewarded?: boolean }[];
  /** A stored card: the sandbox test card behind its token, and what the member sees of it. */
  storedCard?: { card: string; brand: string; last4: string; expiry: string };
  pastMembership?: boolean;
  goodyBags?: { sku: string; maxKb: number; leftKb: number; daysLeft: number }[];
  segment?: string;
  /** A port-in in progress behind the PORTIN_IN_PROGRESS segment: the number coming in, scheduled to move that many days after seeding. */
  portIn?: { msisdn: string; provider: string; movesInDays: number };
  carriedOverThisMonth?: boolean;
  mgmOrdersToday?: number;
  /** Card payments in the past (receipts): a membership bought by the stored card that many days before seeding. */
  cardPayments?: { sku: string; daysAgo: number }[];
  /** How long before seeding the SIM came to 48 (60 days by default). */
  simAgeDays?: number;
  /** The owner of a household whose lines are these demo members' SIMs (lifelines.md). */
  household?: number[];
  /** A top-up advance taken that many days before seeding, with this much still owed (lifelines.md). */
  advance?: { owedCents: number; daysAgo: number };
}

/** The demo members of the design's demo-accounts contract, one per state the spec describes. */
const demo: DemoMember[] = [
  {
    n: 1,
    email: 'active@example.com',
    firstname: 'Aoife',
    lastname: 'Byrne',
    balance: 750,
    membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 11.25, carryoverGb: 1.5, recurrence: true, queued: true },
    goodyBags: [
      { sku: 'BDGB01', maxKb: gb(1), leftKb: gb(0.6), daysLeft: 9 },
      { sku: 'BDGB02', maxKb: gb(2), leftKb: gb(2), daysLeft: 4 },
    ],
  },
  {
    n: 2,
    email: 'unlimited@example.com',
    firstname: 'Ciarán',
    lastname: 'Walsh',
    balance: 500,
    membership: { sku: 'BDDV00', daysLeft: 20, usedGb: 48, recurrence: true },
  },
  {
    n: 3,
    email: 'onboard@example.com',
    firstname: 'Niamh',
    lastname: "O'Connor",
    balance: 0,
    goodyBags: [{ sku: 'BDEG00', maxKb: gb(1), leftKb: 700_000, daysLeft: 25 }],
  },
  {
    n: 4,
    email: 'lapsed@example.com',
    firstname: 'Seán',
    lastname: 'Murphy',
    balance: 0,
    pastMembership: true,
    goodyBags: [{ sku: 'BDEG00', maxKb: gb(1), leftKb: 0, daysLeft: 3 }],
  },
  {
    n: 5,
    email: 'firstlogin@example.com',
    firstname: 'Róisín',
    lastname: 'Kelly',
    firstLogin: true,
    balance: 200,
    membership: { sku: 'BDDT00', daysLeft: 25, usedGb: 2 },
  },
  {
    n: 6,
    email: 'newmember@example.com',
    firstname: 'Darragh',
    lastname: 'Ryan',
    firstLogin: true,
    newMembership: true,
    balance: 0,
    membership: { sku: 'BDDT00', daysLeft: 29, usedGb: 0.1 },
  },
  {
    n: 7,
    email: 'unverified@example.com',
    firstname: 'Orla',
    lastname: 'Doyle',
    verified: false,
    balance: 0,
    goodyBags: [{ sku: 'BDEG00', maxKb: gb(1), leftKb: gb(1), daysLeft: 30 }],
  },
  {
    n: 8,
    email: 'portin@example.com',
    firstname: 'Eoin',
    lastname: 'Walsh',
    balance: 300,
    segment: SEGMENT_PORTIN,
    portIn: { msisdn: '0851234508', provider: 'Vodafone', movesInDays: 7 },
    membership: { sku: 'BDDT00', daysLeft: 27, usedGb: 0.4 },
  },
  {
    n: 9,
    email: 'activating@example.com',
    firstname: 'Aisling',
    lastname: 'Nolan',
    sim: 'activating',
    balance: 'missing',
  },
  { n: 10, email: 'detailsmissing@example.com', firstname: 'Cian', lastname: 'Brennan', balance: 'missing' },
  {
    n: 11,
    email: 'unavailable@example.com',
    firstname: 'Saoirse',
    lastname: 'Quinn',
    balance: 100,
    billing: 'unavailable',
    membership: { sku: 'BDDT00', daysLeft: 15, usedGb: 5 },
  },
  {
    n: 12,
    email: 'carriedover@example.com',
    firstname: 'Fionn',
    lastname: 'Lynch',
    balance: 400,
    carriedOverThisMonth: true,
    membership: { sku: 'BDDT00', daysLeft: 8, usedGb: 12 },
  },
  {
    n: 13,
    email: 'lowbalance@example.com',
    firstname: 'Clodagh',
    lastname: 'Farrell',
    balance: 250,
    membership: { sku: 'BDDT00', daysLeft: 6, usedGb: 29.8 },
  },
  {
    n: 14,
    email: 'mgmlimit@example.com',
    firstname: 'Tadhg',
    lastname: 'Daly',
    balance: 600,
    mgmOrdersToday: MGM_DAILY_LIMIT,
    membership: { sku: 'BDDT00', daysLeft: 18, usedGb: 7 },
  },
  { n: 15, email: 'nosim@example.com', firstname: 'Méabh', lastname: 'Carroll', sim: 'none' },
  {
    n: 16,
    email: 'legacy@example.com',
    firstname: 'Pádraig',
    lastname: 'Fitzgerald',
    legacy: 'LEGACY',
    balance: 1200,
    membership: { sku: 'BDDT00', daysLeft: 14, usedGb: 9 },
  },
  {
    n: 17,
    email: 'oneday@example.com',
    firstname: 'Gráinne',
    lastname: 'Power',
    balance: 150,
    membership: { sku: 'BDDT00', daysLeft: 1, usedGb: 26 },
  },
  // Memberships, payments and renewals (money.md).
  {
    n: 18,
    email: 'card@example.com',
    firstname: 'Caoimhe',
    lastname: 'Hayes',
    balance: 50,
    membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 },
    storedCard: { card: '4200000000000000', brand: 'VISA', last4: '0000', expiry: '12/29' },
  },
  { n: 19, email: 'rich@example.com', firstname: 'Ruairí', lastname: 'Flynn', balance: 2500, pastMembership: true },
  {
    n: 20,
    email: 'nocredit@example.com',
    firstname: 'Nuala',
    lastname: 'Kenny',
    balance: 0,
    membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 3 },
  },
  {
    n: 21,
    email: 'renewed@example.com',
    firstname: 'Rónán',
    lastname: 'Barry',
    balance: 2000,
    membership: { sku: 'BDDT00', daysLeft: 0, usedGb: 22, recurrence: true, endedHoursAgo: 1 },
  },
  {
    n: 22,
    email: 'renewfail@example.com',
    firstname: 'Róisín',
    lastname: 'Foley',
    balance: 100,
    membership: { sku: 'BDDT00', daysLeft: 0, usedGb: 18, recurrence: true, endedHoursAgo: 1 },
  },
  {
    n: 23,
    email: 'handover@example.com',
    firstname: 'Hugh',
    lastname: 'Gallagher',
    balance: 300,
    membership: { sku: 'BDDT00', daysLeft: 0, usedGb: 25, endedHoursAgo: 1, queued: 'BDDV00' },
  },
  // Flexible data (flexible-data.md).
  {
    n: 24,
    email: 'flexi@example.com',
    firstname: 'Fiadh',
    lastname: 'Keane',
    balance: 300,
    membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 10 },
  },
  {
    n: 25,
    email: 'vault@example.com',
    firstname: 'Oisín',
    lastname: 'Doherty',
    balance: 500,
    safeGb: 3,
    membership: { sku: 'BDDT00', daysLeft: 14, usedGb: 25 },
  },
  {
    n: 26,
    email: 'donor@example.com',
    firstname: 'Éabha',
    lastname: 'Sheehan',
    balance: 400,
    membership: { sku: 'BDDT00', daysLeft: 18, usedGb: 20 },
    donations: [
      { on: '2019-11-02T12:00:00Z', cents: 200 },
      { daysAgo: 75, gb: 1 },
    ],
  },
  {
    n: 27,
    email: 'sharer@example.com',
    firstname: 'Senan',
    lastname: 'Costello',
    balance: 400,
    membership: { sku: 'BDDT00', daysLeft: 16, usedGb: 27 },
  },
  {
    n: 28,
    email: 'swapper@example.com',
    firstname: 'Ailbhe',
    lastname: 'Regan',
    balance: 400,
    membership: { sku: 'BDDT00', daysLeft: 20, usedGb: 20, landlineUsed: 0 },
  },
  // Recruit and reward (community-and-offers.md).
  {
    n: 29,
    email: 'recruiter@example.com',
    firstname: 'Tomás',
    lastname: 'Brady',
    balance: 1150,
    affiliateId: 'TomasRecruits48',
    membership: { sku: 'BDDT00', daysLeft: 22, usedGb: 4 },
    recruits: [
      { name: 'Ciara Byrne', daysAgo: 20, rewarded: true },
      { name: 'Liam Hogan', daysAgo: 0 },
    ],
  },
  {
    n: 30,
    email: 'giftee@example.com',
    firstname: 'Gearóid',
    lastname: 'Moran',
    balance: 100,
    membership: { sku: 'BDDT00', daysLeft: 16, usedGb: 6 },
  },
  // Member controls (member-controls.md).
  {
    n: 31,
    email: 'controls@example.com',
    firstname: 'Clodagh',
    lastname: 'Nolan',
    balance: 200,
    membership: { sku: 'BDDT00', daysLeft: 2, usedGb: 25.5, recurrence: true },
    storedCard: { card: '5454545454545454', brand: 'MASTER', last4: '5454', expiry: '11/28' },
    cardPayments: [{ sku: 'BDDT00', daysAgo: 20 }],
  },
  {
    n: 32,
    email: 'lost@example.com',
    firstname: 'Lorcan',
    lastname: 'Quinn',
    balance: 500,
    membership: { sku: 'BDDT00', daysLeft: 12, usedGb: 8 },
  },
  {
    n: 33,
    email: 'leaver@example.com',
    firstname: 'Líadan',
    lastname: 'Power',
    balance: 300,
    membership: { sku: 'BDDT00', daysLeft: 15, usedGb: 5 },
  },
  // lifelines.md: the top-up advance. advance@ may take one (its card top-ups are the seeded ones).
  {
    n: 34,
    email: 'advance@example.com',
    firstname: 'Aisling',
    lastname: 'Duffy',
    balance: 40,
    simAgeDays: 120,
    membership: { sku: 'BDDT00', daysLeft: 14, usedGb: 9 },
  },
  {
    n: 35,
    email: 'owing@example.com',
    firstname: 'Oisín',
    lastname: 'Daly',
    balance: 0,
    membership: { sku: 'BDDT00', daysLeft: 11, usedGb: 12 },
    advance: { owedCents: 550, daysAgo: 3 },
  },
  // lifelines.md: household lines. family@ owns one with teen@ and gran@; cousin@ is the one to invite.
  {
    n: 36,
    email: 'family@example.com',
    firstname: 'Fiona',
    lastname: 'Walsh',
    balance: 1200,
    membership: { sku: 'BDDT00', daysLeft: 18, usedGb: 6 },
    // Shown as the member's Visa ending 4242; its token is the sandbox's success card.
    storedCard: { card: '4200000000000000', brand: 'VISA', last4: '4242', expiry: '10/30' },
    household: [37, 38],
  },
  {
    n: 37,
    email: 'teen@example.com',
    firstname: 'Tadhg',
    lastname: 'Walsh',
    balance: 20,
    membership: { sku: 'BDDT00', daysLeft: 4, usedGb: 27 },
  },
  {
    n: 38,
    email: 'gran@example.com',
    firstname: 'Gráinne',
    lastname: 'Walsh',
    balance: 350,
    membership: { sku: 'BDDV00', daysLeft: 21, usedGb: 14, recurrence: true },
  },
  {
    n: 39,
    email: 'cousin@example.com',
    firstname: 'Cian',
    lastname: 'Walsh',
    balance: 500,
    membership: { sku: 'BDDT00', daysLeft: 10, usedGb: 11 },
  },
];

export { irishDayAfter } from './member-rows.ts';

/** The demo members' e-mails (the bench signs each in to spread its load over many members). */
export const demoEmails = (): string[] => demo.map((m) => m.email);
export const demoMsisdn = (n: number) => `08710000${String(n).padStart(2, '0')}`;
export const demoSsn = (n: number) => `89353010000000000${String(n).padStart(2, '0')}`;

/**
 * Unused SIM cards in stock, for trying activation (README lists a few). Numbered 1 to SPARE_SIMS;
 * each comes with its own mobile number, as a real card does.
 */
export const SPARE_SIMS = 200;
export const spareSsn = (n: number) => `8935301000000100${String(n).padStart(3, '0')}`;
export const spareMsisdn = (n: number) => `0872000${String(n).padStart(3, '0')}`;

export async function isEmpty(db: Database): Promise<boolean> {
  const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(t.members);
  return (row?.count ?? 0) === 0;
}

/**
 * Codes partners hand out, as a demo has them (README lists a few): feelsmug cup codes, presale
 * codes and vouchers for the two partner campaigns.
 */
export const DEMO_OFFER_CODES = [
  ...Array.from({ length: 40 }, (_, i) => ({ code: `SMUG-${1001 + i}`, kind: 'feelsmug' })),
  ...Array.from({ length: 40 }, (_, i) => ({ code: `LONG-${2001 + i}`, kind: 'presale' })),
  ...Array.from({ length: 25 }, (_, i) => ({ code: `SCREEN-${3001 + i}`, kind: 'voucher:screen-nights' })),
  ...Array.from({ length: 25 }, (_, i) => ({ code: `PULSE-${4001 + i}`, kind: 'voucher:pulse-gyms' })),
];

/**
 * What the shop sells and holds, without any member: the catalogue, the offer codes, the spare SIMs
 * (the API tests' builders start from this alone).
 */
export async function seedCatalogue(db: Queryable): Promise<void> {
  await db.insert(t.products).values(catalogue).onConflictDoNothing();
  await db.insert(t.offerCodes).values(DEMO_OFFER_CODES).onConflictDoNothing();
  await db.insert(t.simStock).values(
    Array.from({ length: SPARE_SIMS }, (_, i) => ({
      ssn: spareSsn(i + 1),
      msisdn: spareMsisdn(i + 1),
      puk: String(20_000_000 + (i + 1) * 3_141_59).slice(0, 8),
      product: 'Pre_Start_3FF_N',
    })),
  );
}

/** Seeds the catalogue and the demo members, all dates relative to `now`, in one transaction. */
export async function seedDemo(db: Database, now: Date): Promise<void> {
  demoHash ??= hashPassword(DEMO_PASSWORD);
  const passwordHash = await demoHash;
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await db.transaction(async (tx) => {
    await seedCatalogue(tx);
    for (const m of demo) {
      const [member] = await tx
        .insert(t.members)
        .values({
          email: m.email,
          passwordHash,
          firstname: m.firstname,
          lastname: m.lastname,
          nickname: m.firstname,
          isVerified: m.verified ?? true,
          firstLogin: m.firstLogin ?? false,
          isNewMembership: m.newMembership ?? false,
          legacyType: m.legacy ?? null,
          affiliateId: m.affiliateId ?? null,
          captureMarketingPermissions: m.firstLogin === true && !m.newMembership,
          createdAt: at(-60),
        })
        .returning({ id: t.members.id });
      const memberId = member!.id;
      await tx.insert(t.marketingPermissions).values({ memberId, email: true, sms: false });
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
      if (m.segment) await tx.insert(t.segments).values({ memberId, segmentType: m.segment });
      if (m.sim === 'none') continue;

      const ssn = demoSsn(m.n);
      await tx.insert(t.sims).values({
        ssn,
        memberId,
        msisdn: demoMsisdn(m.n),
        product: 'Pre_Start_3FF_N',
        requester: '1',
        status: m.sim === 'activating' ? 'activating' : 'active',
        puk: String(10_000_000 + m.n * 7_654_321).slice(0, 8),
        billingStatus: m.billing ?? 'ok',
        createdAt: at(-(m.simAgeDays ?? 60)),
      });
      if (m.balance !== undefined && m.balance !== 'missing') {
        await tx.insert(t.balances).values({ ssn, creditCents: m.balance });
      }
      // The ledger explains the credit: top-ups in, memberships out, ending at the seeded balance.
      if (typeof m.balance === 'number') {
        // The stored card paid the top-ups where there is one; else the sandbox's success card, not kept.
        const topUpCard = m.storedCard
          ? { cardBrand: m.storedCard.brand, cardLast4: m.storedCard.last4 }
          : { cardBrand: 'VISA', cardLast4: '0000' };
        const entries: (typeof t.ledger.$inferInsert)[] = [];
        for (let i = 0; i < 11; i++) {
          // A top-up is a card payment: its receipt shows the card and what it paid (member-controls.md).
          entries.push({
            ssn,
            occurredAt: at(-58 + i * 5),
            kind: 'top-up',
            description: 'Top-up by card',
            creditDeltaCents: 1500,
            cardCents: 1500,
            ...topUpCard,
            reference: `seed:top-up:${ssn}:${i}`,
          });
          entries.push({
            ssn,
            occurredAt: at(-58 + i * 5 + 1),
            kind: 'purchase',
            description: 'Data Plus €9.99 Membership',
            creditDeltaCents: -999,
          });
          entries.push({
            ssn,
            occurredAt: at(-58 + i * 5 + 2),
            kind: 'usage',
            description: 'International calls',
            creditDeltaCents: -501,
          });
        }
        // Rewards seeded below are part of the credit: the carried-forward row leaves room for them.
        const rewards = (m.recruits ?? []).filter((r) => r.rewarded).length * RECRUIT_REWARD_CENTS;
        entries.push({
          ssn,
          occurredAt: at(-1),
          kind: 'adjustment',
          description: 'Balance carried forward',
          // An advance's rows (below) are part of the credit too.
          creditDeltaCents: m.balance - rewards - (m.advance ? advanceLedgerNet(m.advance.owedCents) : 0),
        });
        await tx.insert(t.ledger).values(entries);
        if (m.advance) await insertAdvance(tx, ssn, m.advance, now);
      }

      if (m.pastMembership) {
        const p = catalogue.find((c) => c.sku === 'BDDT00')!;
        await tx.insert(t.memberships).values({
          ssn,
          sku: p.sku,
          status: 'past',
          startsAt: at(-35),
          endsAt: at(-5),
          dataMaxKb: p.dataKb,
          dataUsedKb: p.dataKb ?? 0,
          roamingMaxKb: p.roamingKb,
          landlineMinutesMax: p.landlineMinutes,
        });
      }
      if (m.portIn) await insertPortIn(tx, { memberId, ssn }, m.portIn, now);
      if (m.storedCard) {
        const { card, brand, last4, expiry } = m.storedCard;
        await tx
          .insert(t.storedCards)
          .values({ memberId, token: sandboxToken(card), brand, last4, expiry, createdAt: at(-30) });
        await insertCardPayments(tx, ssn, { brand, last4 }, m.cardPayments ?? [], now, `seed:card:${ssn}`);
      }
      if (m.membership) {
        const p = catalogue.find((c) => c.sku === m.membership!.sku)!;
        const ended = m.membership.endedHoursAgo;
        const endsAt = ended === undefined ? at(m.membership.daysLeft) : new Date(now.getTime() - ended * HOUR);
        const daysIn = ended === undefined ? p.days - m.membership.daysLeft : p.days;
        const used = gb(m.membership.usedGb ?? 0);
        const carryover = gb(m.membership.carryoverGb ?? 0);
        await tx.insert(t.memberships).values({
          ssn,
          sku: p.sku,
          status: 'current',
          startsAt: new Date(endsAt.getTime() - p.days * DAY),
          endsAt,
          recurrenceEnabled: m.membership.recurrence ?? false,
          recurrenceSku: m.membership.recurrence ? p.sku : null,
          dataMaxKb: p.dataKb,
          dataUsedKb: p.dataKb === null ? used : Math.min(used, p.dataKb),
          fupMaxKb: p.fupKb,
          fupUsedKb: p.fupKb === null ? 0 : Math.min(used, p.fupKb),
          carryoverKb: carryover,
          roamingMaxKb: p.roamingKb,
          roamingUsedKb: Math.min(gb(0.8), p.roamingKb ?? 0),
          mobileMinutesMax: p.mobileMinutes,
          mobileMinutesUsed: 143,
          landlineMinutesMax: p.landlineMinutes,
          landlineMinutesUsed:
            p.landlineMinutes === null ? 42 : Math.min(m.membership.landlineUsed ?? 42, p.landlineMinutes),
          textsMax: p.texts,
          textsUsed: 57,
        });
        if (m.membership.queued) {
          const q = catalogue.find((c) => c.sku === (m.membership!.queued === true ? p.sku : m.membership!.queued))!;
          await tx.insert(t.memberships).values(membershipOf(ssn, q, 'queued', endsAt));
        }
        // Daily use for the days of this period so far, adding up to what the membership has used.
        const days = Math.max(1, daysIn);
        const usage = Array.from({ length: days }, (_, i) => {
          const weight = 1 + ((i * 7) % 5) / 4;
          return { day: irishDayAfter(now, -daysIn + i), weight };
        });
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
      for (const bag of m.goodyBags ?? []) {
        await tx.insert(t.goodyBags).values({
          ssn,
          productSku: bag.sku,
          maxOnboardKb: bag.maxKb,
          onboardKb: bag.leftKb,
          expiresAt: at(bag.daysLeft),
        });
      }
      if (m.safeGb) await tx.insert(t.vaults).values({ ssn, balanceKb: gb(m.safeGb), updatedAt: at(-20) });
      for (const d of m.donations ?? []) {
        await tx.insert(t.donations).values({
          ssn,
          occurredAt: d.on ? new Date(d.on) : at(-(d.daysAgo ?? 0)),
          amountCents: d.cents ?? null,
          dataKb: d.gb === undefined ? null : gb(d.gb),
        });
      }
      if (m.carriedOverThisMonth) {
        await tx
          .insert(t.flexiActions)
          .values({ ssn, month: monthOf(now), action: 'carryover', dataKb: gb(1), createdAt: now });
        // The carryover took 1 GB out of this membership for the next one, as the action itself does.
        await tx
          .update(t.memberships)
          .set({ dataOutKb: gb(1), carryForwardKb: gb(1) })
          .where(and(eq(t.memberships.ssn, ssn), eq(t.memberships.status, 'current')));
        await tx.insert(t.ledger).values({
          ssn,
          occurredAt: now,
          kind: 'flexi',
          description: 'Carryover: 1 GB kept for your next membership',
          dataDeltaKb: -gb(1),
          reference: `seed:carryover:${ssn}`,
        });
      }
      await insertRecruits(tx, { memberId, ssn }, m.recruits ?? [], now, {
        // The rewarded friend's card is active on their own SIM now; the other's was taken from stock.
        rewardedCard: (i) => `89353010000009${String(m.n).padStart(3, '0')}${i}${i}`,
        stockCard: (i) => spareSsn(SPARE_SIMS - i),
      });
      await insertMgmOrdersToday(tx, memberId, m.mgmOrdersToday ?? 0, now);
    }
    // Households last: their lines are other demo members' SIMs.
    for (const m of demo.filter((d) => d.household)) {
      const [owner] = await tx.select({ id: t.members.id }).from(t.members).where(eq(t.members.email, m.email));
      const [household] = await tx
        .insert(t.households)
        .values({ ownerId: owner!.id, createdAt: at(-40) })
        .returning();
      await tx.insert(t.householdLines).values(
        m.household!.map((n, i) => ({
          householdId: household!.id,
          ssn: demoSsn(n),
          slot: i + 1,
          joinedAt: at(-40 + i),
        })),
      );
    }
  });
}

/** Empties every table of the schema (tests): faster than a new database per test. */
export async function resetDatabase(db: Database): Promise<void> {
  const tables = (Object.values(t) as unknown[])
    .filter((v): v is PgTable => is(v, PgTable))
    .map((table) => `"${getTableName(table)}"`);
  await db.execute(sql.raw(`truncate table ${tables.join(', ')} restart identity cascade`));
}
