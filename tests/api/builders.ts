import { desc, eq, isNull } from 'drizzle-orm';
import { KB_PER_GB, SEGMENT_PORTIN } from '../../src/contract/constants.ts';
import { RECRUIT_REWARD_CENTS } from '../../src/contract/recruit.ts';
import * as t from '../../src/server/db/schema.ts';
import { sandboxToken } from '../../src/server/integrations/payments/index.ts';
import { monthOf } from '../../src/server/services/calendar.ts';
import { DAY } from '../../src/server/services/clock.ts';
import { membershipOf } from '../../src/server/services/memberships.ts';
import {
  advanceLedgerNet,
  insertAdvance,
  insertCardPayments,
  insertMgmOrdersToday,
  insertPortIn,
  insertRecruits,
  irishDayAfter,
} from '../../src/server/seed/member-rows.ts';
import { hashPassword } from '../../src/server/services/passwords.ts';
import { login, type Session, type TestContext } from './harness.ts';

/**
 * Test data made by builders (as epic-stack's createUser): a test asks for the member it
 * needs and gets a fresh one, so it depends on no demo e-mail or demo SIM number. The demo seed
 * stays the contract for the browser journeys and for people trying the portal; the catalogue it
 * seeds (products) is what builders buy from.
 */
export const BUILT_PASSWORD = 'Built-member-2026';
let hash: Promise<string> | undefined;
let next = 0;

export interface MemberSpec {
  /** Credit in cents; null: the SIM has no balance on the billing platform (account details missing). */
  creditCents?: number | null;
  /** The SIM: active by default, activating, or none at all. */
  sim?: 'active' | 'activating' | 'none';
  /** How long ago the SIM came to 48 (60 days by default). */
  simAgeDays?: number;
  /** A top-up advance taken that many days ago, with this much still owed (lifelines.md). */
  advance?: { owedCents: number; daysAgo: number };
  billing?: 'ok' | 'unavailable';
  /**
   * A current membership of this product (none by default): days left of its period, or the hours
   * since its period ended (the renewal job has not handed it on); data used; auto-renew; a queued one.
   */
  membership?: {
    sku: string;
    daysLeft?: number;
    endedHoursAgo?: number;
    usedGb?: number;
    recurrence?: boolean;
    queued?: string;
    /** Landline minutes used (none by default). */
    landlineUsed?: number;
  };
  /** This month's once-a-month action taken already: a carryover of 1 GB (as the action itself records it). */
  carriedOverThisMonth?: boolean;
  /** Past donations: euro before 21.04.2020, data after. */
  donations?: { on?: string; daysAgo?: number; cents?: number; gb?: number }[];
  legacy?: 'LEGACY' | 'NEW_NEXT_MONTH';
  /** Onboarding data bags (a free SIM's first data): product, size and what is left, in KB. */
  goodyBags?: { sku: string; maxKb: number; leftKb: number; daysLeft: number }[];
  /** The Safe's balance in GB. */
  safeGb?: number;
  /** A stored card: true for the sandbox's success card (Visa ending 0000), or a sandbox test card as shown. */
  storedCard?: boolean | { card: string; brand: string; last4: string; expiry: string };
  /** Past payments by the stored card (receipts, the spend limit's month): a membership bought that many days ago. */
  cardPayments?: { sku: string; daysAgo: number }[];
  spendLimitCents?: number;
  /** The member's own e-mail and name (a fresh address and "Built Member n" by default). */
  email?: string;
  firstname?: string;
  lastname?: string;
  /** A member who has not confirmed their e-mail address yet (verified by default). */
  verified?: boolean;
  /** Not signed in before (the first-login journey), and new to memberships. */
  firstLogin?: boolean;
  newMembership?: boolean;
  /** Marketing permissions as stored (none stored by default: the spec's defaults apply). */
  marketing?: { email: boolean; sms: boolean };
  /** Daily use of the current period, one entry per day from its first (KB). */
  dailyUsageKb?: number[];
  /** Recruit and reward: the member's affiliate id, and free SIMs ordered for friends today. */
  affiliateId?: string;
  mgmOrdersToday?: number;
  /** Friends sent a free SIM: rewarded ones activated theirs and bought a first membership (€10 each, within the credit). */
  recruits?: { name: string; daysAgo: number; rewarded?: boolean }[];
  /** A port-in in progress (scheduled) behind the PORTIN_IN_PROGRESS segment. */
  portIn?: { msisdn: string; provider: string; movesInDays: number };
}

export interface BuiltMember {
  email: string;
  userId: number;
  /** The SIM's serial and number (undefined without a SIM). */
  ssn: string;
  msisdn: string;
  /** Signed in through the API, as a browser would be. */
  session: Session;
}

/** A new member in the state the test names, signed in. */
/** What a builder needs: the app (to sign in), the database and the time. */
export type BuilderContext = {
  app: TestContext['app'];
  handle: Pick<TestContext['handle'], 'db'>;
  clock: { now: Date };
};

export async function createMember(ctx: BuilderContext, spec: MemberSpec = {}): Promise<BuiltMember> {
  const n = ++next;
  const email = spec.email ?? `built-${n}-${Date.now().toString(36)}@example.com`;
  const ssn = `8935302${String(n).padStart(12, '0')}`;
  const msisdn = `0873${String(n).padStart(6, '0')}`;
  const now = ctx.clock.now;
  const db = ctx.handle.db;
  hash ??= hashPassword(BUILT_PASSWORD);
  const passwordHash = await hash;
  await db.transaction(async (tx) => {
    const [member] = await tx
      .insert(t.members)
      .values({
        email,
        passwordHash,
        firstname: spec.firstname ?? 'Built',
        lastname: spec.lastname ?? `Member ${n}`,
        nickname: spec.firstname ?? 'Built',
        affiliateId: spec.affiliateId ?? null,
        isVerified: spec.verified ?? true,
        firstLogin: spec.firstLogin ?? false,
        isNewMembership: spec.newMembership ?? false,
        // As a real account is: asked for marketing permissions after a first log-in, unless new to memberships.
        captureMarketingPermissions: spec.firstLogin === true && !spec.newMembership,
        spendLimitCents: spec.spendLimitCents ?? null,
        legacyType: spec.legacy ?? null,
        createdAt: new Date(now.getTime() - 60 * DAY),
      })
      .returning({ id: t.members.id });
    const memberId = member!.id;
    if (spec.marketing) await tx.insert(t.marketingPermissions).values({ memberId, ...spec.marketing });
    if (spec.portIn) await tx.insert(t.segments).values({ memberId, segmentType: SEGMENT_PORTIN });
    await insertMgmOrdersToday(tx, memberId, spec.mgmOrdersToday ?? 0, now);
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
        createdAt: now,
      });
    if (spec.sim === 'none') return;
    await tx.insert(t.sims).values({
      ssn,
      memberId,
      msisdn,
      product: 'Pre_Start_3FF_N',
      status: spec.sim ?? 'active',
      puk: String(30_000_000 + n),
      billingStatus: spec.billing ?? 'ok',
      createdAt: new Date(now.getTime() - (spec.simAgeDays ?? 60) * DAY),
    });
    if (spec.creditCents !== null) {
      await tx.insert(t.balances).values({ ssn, creditCents: spec.creditCents ?? 0 });
      // The ledger explains the credit, as on a real account: one row for what the member had
      // besides the recruit rewards (which have rows of their own).
      const rewards = (spec.recruits ?? []).filter((r) => r.rewarded).length * RECRUIT_REWARD_CENTS;
      // An advance's rows (inserted below) are part of the credit too.
      const lent = spec.advance ? advanceLedgerNet(spec.advance.owedCents) : 0;
      if (spec.creditCents && spec.creditCents !== rewards + lent)
        await tx.insert(t.ledger).values({
          ssn,
          occurredAt: new Date(now.getTime() - DAY),
          kind: 'adjustment',
          description: 'Balance carried forward',
          creditDeltaCents: spec.creditCents - rewards - lent,
        });
      else if (!spec.creditCents && lent)
        await tx.insert(t.ledger).values({
          ssn,
          occurredAt: new Date(now.getTime() - DAY),
          kind: 'usage',
          description: 'Calls and texts',
          creditDeltaCents: -lent,
        });
    }
    if (spec.membership) {
      const [product] = await tx.select().from(t.products).where(eq(t.products.sku, spec.membership.sku));
      if (!product) throw new Error(`no product ${spec.membership.sku} (the seed's catalogue)`);
      const { endedHoursAgo, daysLeft = product.days - 1 } = spec.membership;
      const endsAt =
        endedHoursAgo === undefined
          ? new Date(now.getTime() + daysLeft * DAY)
          : new Date(now.getTime() - endedHoursAgo * 3_600_000);
      const startsAt = new Date(endsAt.getTime() - product.days * DAY);
      const row = membershipOf(ssn, product, 'current', startsAt, {
        enabled: spec.membership.recurrence ?? false,
        sku: spec.membership.recurrence ? product.sku : null,
      });
      const used = Math.round((spec.membership.usedGb ?? 0) * KB_PER_GB);
      await tx.insert(t.memberships).values({
        ...row,
        dataUsedKb: row.dataMaxKb === null ? used : Math.min(used, row.dataMaxKb),
        // An unlimited membership counts its use against the fair-usage figure as well.
        fupUsedKb: row.fupMaxKb === null || row.fupMaxKb === undefined ? 0 : Math.min(used, row.fupMaxKb),
        landlineMinutesUsed: Math.min(spec.membership.landlineUsed ?? 0, row.landlineMinutesMax ?? Infinity),
      });
      // Daily use from the period's first day (Irish calendar days), as the usage feed records it.
      for (const [i, dataKb] of (spec.dailyUsageKb ?? []).entries())
        await tx.insert(t.dailyUsage).values({
          ssn,
          day: irishDayAfter(startsAt, i),
          dataKb,
          minutes: 5,
          texts: 2,
        });
      if (spec.carriedOverThisMonth) {
        // The carryover took 1 GB out of this membership for the next one, as the action itself does.
        await tx
          .insert(t.flexiActions)
          .values({ ssn, month: monthOf(now), action: 'carryover', dataKb: KB_PER_GB, createdAt: now });
        await tx
          .update(t.memberships)
          .set({ dataOutKb: KB_PER_GB, carryForwardKb: KB_PER_GB })
          .where(eq(t.memberships.ssn, ssn));
        await tx.insert(t.ledger).values({
          ssn,
          occurredAt: now,
          kind: 'flexi',
          description: 'Carryover: 1 GB kept for your next membership',
          dataDeltaKb: -KB_PER_GB,
          reference: `built:carryover:${ssn}`,
        });
      }
      if (spec.membership.queued) {
        const [next] = await tx.select().from(t.products).where(eq(t.products.sku, spec.membership.queued));
        if (!next) throw new Error(`no product ${spec.membership.queued}`);
        await tx.insert(t.memberships).values(membershipOf(ssn, next, 'queued', endsAt));
      }
    }
    for (const bag of spec.goodyBags ?? [])
      await tx.insert(t.goodyBags).values({
        ssn,
        productSku: bag.sku,
        maxOnboardKb: bag.maxKb,
        onboardKb: bag.leftKb,
        expiresAt: new Date(now.getTime() + bag.daysLeft * DAY),
      });
    for (const d of spec.donations ?? [])
      await tx.insert(t.donations).values({
        ssn,
        occurredAt: d.on ? new Date(d.on) : new Date(now.getTime() - (d.daysAgo ?? 0) * DAY),
        amountCents: d.cents ?? null,
        dataKb: d.gb === undefined ? null : Math.round(d.gb * KB_PER_GB),
      });
    await insertRecruits(tx, { memberId, ssn }, spec.recruits ?? [], now, {
      rewardedCard: (i) => `8935303${String(n).padStart(10, '0')}${i}${i}`,
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
    if (spec.cardPayments && !card) throw new Error('card payments need a stored card');
    if (card) await insertCardPayments(tx, ssn, card, spec.cardPayments ?? [], now, `built:card:${ssn}`);
    if (spec.advance) await insertAdvance(tx, ssn, spec.advance, now);
    if (spec.portIn) await insertPortIn(tx, { memberId, ssn }, spec.portIn, now);
    if (spec.safeGb)
      await tx.insert(t.vaults).values({ ssn, balanceKb: Math.round(spec.safeGb * KB_PER_GB), updatedAt: now });
  });
  const session = await login(ctx.app, email, BUILT_PASSWORD);
  return { email, userId: session.userId, ssn, msisdn, session };
}

/** Signs a built member in again (a new session: after the clock moved past the session's life). */
export const signIn = (ctx: Pick<BuilderContext, 'app'>, member: Pick<BuiltMember, 'email'>) =>
  login(ctx.app, member.email, BUILT_PASSWORD);
