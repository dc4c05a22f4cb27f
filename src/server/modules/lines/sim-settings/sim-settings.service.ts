import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import { useStepUpCode } from '../../identity/index.ts';
import type { Sim } from '../../../../contract/account.schema.ts';
import { SEGMENT_PORTIN } from '../../../../contract/constants.ts';
import type { Order } from '../../../../contract/orders.schema.ts';
import type { PortIn } from '../../../../contract/sim-settings.schema.ts';
import { isUniqueViolation } from '../../../db/client.ts';
import { portInOf, orderPortIn } from '../port-in.ts';
import { portInEvents, members, portInRequests, segments, sims } from '../../../db/schema.ts';
import { moveSimRows } from '../sim-keyed.ts';
import { orderSwap } from '../line-orders.ts';
import { simChanged } from '../line-changes.ts';
import { placeOrder, type Address } from '../orders.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { verifyPassword } from '../../../kernel/passwords.ts';
import { lockMember, takeCardFromStock } from '../stock.ts';

/** The member's latest port-in: open, or ended in the last 30 days, with its timeline. */
export async function openPortIn({ db, clock }: ServiceContext, memberId: number): Promise<PortIn | null> {
  const [row] = await db
    .select()
    .from(portInRequests)
    .where(eq(portInRequests.memberId, memberId))
    .orderBy(desc(portInRequests.id))
    .limit(1);
  if (!row) return null;
  const open = ['requested', 'validating', 'scheduled'].includes(row.status);
  if (!open && clock().getTime() - row.updatedAt.getTime() > 30 * 86_400_000) return null;
  return portInOf(db, row);
}

/**
 * A port-in request (spec section 4 "Port-in"): the request and the PORTIN_IN_PROGRESS
 * segment are written together; a second open request is refused by the database.
 */
export async function requestPortIn(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  body: {
    msisdn: string;
    current_provider: string;
    account_type: 'prepay' | 'bill_pay';
    account_number?: string | undefined;
  },
): Promise<Outcome<PortIn, 'numberAlreadyWith48' | 'portInOpen'>> {
  const [taken] = await db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.msisdn, body.msisdn));
  if (taken) return refused('numberAlreadyWith48');
  try {
    return await db.transaction(async (tx) => {
      const [request] = await tx
        .insert(portInRequests)
        .values({
          memberId,
          ssn,
          msisdn: body.msisdn,
          provider: body.current_provider,
          accountType: body.account_type,
          accountNumber: body.account_number || null,
          createdAt: clock(),
          updatedAt: clock(),
        })
        .returning();
      await tx.insert(segments).values({ memberId, segmentType: SEGMENT_PORTIN }).onConflictDoNothing();
      await tx
        .insert(portInEvents)
        .values({ requestId: request!.id, status: 'requested', note: null, at: request!.createdAt });
      // The donor network is asked through ours (docs/product/network.md): its steps are the timeline.
      await orderPortIn(tx, clock, request!);
      return done(await portInOf(tx, request!));
    });
  } catch (error) {
    if (isUniqueViolation(error)) return refused('portInOpen');
    throw error;
  }
}

/** A replacement for an active SIM (status SIM_REORDERED); one may be on its way at a time. */
export async function reorderSim(
  ctx: ServiceContext,
  memberId: number,
  ssn: string,
  body: Address & { reason: string },
): Promise<Outcome<Order, 'noActiveSim' | 'replacementOnItsWay'>> {
  const [sim] = await ctx.db.select({ status: sims.status, product: sims.product }).from(sims).where(eq(sims.ssn, ssn));
  if (sim?.status !== 'active') return refused('noActiveSim');
  const placed = await placeOrder(ctx, {
    memberId,
    sku: sim.product,
    status: 'SIM_REORDERED',
    shippingType: `REPLACEMENT:${body.reason}`,
    address: body,
  });
  return placed.ok ? done(placed.value) : refused('replacementOnItsWay');
}

type Tx = Parameters<Parameters<ServiceContext['db']['transaction']>[0]>[0];

/**
 * The change-SIM rules, for a new card and for an eSIM alike: the number and every row keyed by the
 * SIM move to the new one; the old one ends inactive (and stops working). Inside the
 * caller's transaction, after the member's row is locked.
 */
async function moveNumber(tx: Tx, old: typeof sims.$inferSelect, fresh: typeof sims.$inferInsert) {
  // Not in service on the network until the swap order completes (a failure moves everything back).
  await tx.insert(sims).values({ ...fresh, msisdn: null, lineState: null });
  // Everything keyed by the SIM (credit, memberships, history, an advance owed, a household line or
  // invitation, Spot me loans on both sides…): the schema's foreign keys to sims.ssn say which.
  await moveSimRows(tx, old.ssn, fresh.ssn);
  await tx.update(sims).set({ msisdn: null, status: 'inactive' }).where(eq(sims.ssn, old.ssn));
  await tx.update(sims).set({ msisdn: old.msisdn }).where(eq(sims.ssn, fresh.ssn));
  // The network moves the number to the new card or profile, after any order of the line still on its
  // way (moveSimRows carried them to the new SIM's line); the old SIM is named for a swap undone.
  await orderSwap(tx, fresh.createdAt ?? new Date(), { ssn: fresh.ssn, kind: fresh.kind ?? 'physical' }, old);
}

/** The member's SIM that may be changed: active (a blocked one too: changing is the way out of a lost SIM). */
const changeableSim = (tx: Tx, memberId: number, ssn: string) =>
  tx
    .select()
    .from(sims)
    .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), eq(sims.status, 'active')))
    .then((r) => r[0]);

/**
 * Change my SIM: the member's number, credit, memberships and history move to a new card from
 * stock, after the password and a step-up code are confirmed. One transaction: the card leaves
 * the stock once, the old card ends inactive, and nothing is half-moved if any step fails.
 */
export async function changeSim(
  { db, clock }: ServiceContext,
  memberId: number,
  oldSsn: string,
  newSsn: string,
  password: string,
  code: string | undefined,
): Promise<Outcome<Sim, 'wrongPassword' | 'noActiveSim' | 'simNotFound' | 'simAlreadyActive' | StepUpFailure>> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(password, member.passwordHash))) return refused('wrongPassword');
  return db
    .transaction(async (tx) => {
      await lockMember(tx, memberId);
      const old = await changeableSim(tx, memberId, oldSsn);
      if (!old) return refused('noActiveSim');
      const allowed = await useStepUpCode(tx, clock, memberId, 'sim', code);
      if (!allowed.ok) return allowed;
      const taken = await takeCardFromStock(tx, newSsn);
      if (!taken.ok) {
        // The card was wrong: the code stays usable for the right one.
        throw new CardRefused(taken.reason);
      }
      const card = taken.value;
      const at = clock();
      await moveNumber(tx, old, {
        ssn: newSsn,
        memberId,
        product: card.product,
        requester: old.requester,
        status: 'active',
        puk: card.puk,
        billingStatus: old.billingStatus,
        createdAt: at,
      });
      if (old.msisdn) await simChanged.emit(tx, { memberId, msisdn: old.msisdn, ssn: newSsn, kind: 'physical', at });
      return done(
        simOf({
          ssn: newSsn,
          msisdn: old.msisdn,
          product: card.product,
          requester: '1',
          blockedAt: null,
          kind: 'physical',
          lineState: null,
        }),
      );
    })
    .catch((error: unknown) => {
      if (error instanceof CardRefused) return refused(error.reason);
      throw error;
    });
}

class CardRefused extends Error {
  readonly reason: 'simNotFound' | 'simAlreadyActive';
  constructor(reason: 'simNotFound' | 'simAlreadyActive') {
    super(reason);
    this.reason = reason;
  }
}

const simOf = (
  s: Pick<typeof sims.$inferSelect, 'ssn' | 'msisdn' | 'product' | 'requester' | 'blockedAt' | 'kind'> & {
    lineState?: Sim['line_state'];
  },
): Sim => ({
  line_state: s.lineState === undefined ? 'active' : s.lineState,
  // A SIM just changed: its order is new, not held back yet.
  network_waiting: false,
  ssn: s.ssn,
  msisdn: s.msisdn,
  product: s.product,
  requester: s.requester,
  blocked: s.blockedAt !== null,
  kind: s.kind as Sim['kind'],
});

/** An ICCID for a new eSIM profile: 89 (telecom) 353 (Ireland), our issuer digits, and a random serial. */
const esimIccid = () =>
  `8935301${String(randomInt(0, 1e9)).padStart(9, '0')}${String(randomInt(0, 1e3)).padStart(3, '0')}`;

/**
 * Change to an eSIM (docs/product/member-controls.md): the change-SIM rules after the password and a step-up
 * code, to a new eSIM profile for the same number, credit and memberships; the old SIM stops
 * working. The activation code is LPA:1$<SM-DP+ address>$<matching id>.
 */
export async function changeToEsim(
  { db, clock }: ServiceContext,
  memberId: number,
  oldSsn: string,
  password: string,
  code: string | undefined,
): Promise<Outcome<{ sim: Sim; activation_code: string | null }, 'wrongPassword' | 'noActiveSim' | StepUpFailure>> {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(password, member.passwordHash))) return refused('wrongPassword');
  return db.transaction(async (tx) => {
    await lockMember(tx, memberId);
    const old = await changeableSim(tx, memberId, oldSsn);
    if (!old) return refused('noActiveSim');
    const allowed = await useStepUpCode(tx, clock, memberId, 'sim', code);
    if (!allowed.ok) return allowed;
    const ssn = esimIccid();
    const at = clock();
    await moveNumber(tx, old, {
      ssn,
      memberId,
      product: old.product,
      requester: old.requester,
      status: 'active',
      puk: String(randomInt(0, 1e8)).padStart(8, '0'),
      billingStatus: old.billingStatus,
      kind: 'esim',
      // The network's SM-DP+ makes the profile: its code comes with the completed order.
      esimActivationCode: null,
      createdAt: at,
    });
    if (old.msisdn) await simChanged.emit(tx, { memberId, msisdn: old.msisdn, ssn, kind: 'esim', at });
    return done({
      sim: simOf({
        ssn,
        msisdn: old.msisdn,
        product: old.product,
        requester: old.requester,
        blockedAt: null,
        kind: 'esim',
        lineState: null,
      }),
      activation_code: null,
    });
  });
}

/** The member's eSIM activation code (null while the network is still making the profile), again for a second try at scanning. */
export async function esimOf({ db }: ServiceContext, memberId: number, ssn: string) {
  const [sim] = await db
    .select()
    .from(sims)
    .where(and(eq(sims.ssn, ssn), eq(sims.memberId, memberId), eq(sims.status, 'active')));
  return sim?.kind === 'esim'
    ? done({ sim: simOf(sim), activation_code: sim.esimActivationCode })
    : refused('notAnEsim');
}
