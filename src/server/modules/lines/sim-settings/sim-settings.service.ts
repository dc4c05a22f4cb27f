import { randomInt } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import type { StepUpFailure } from '../../../../contract/step-up.schema.ts';
import { addSegment, useStepUpCode } from '../../identity/index.ts';
import type { Sim } from '../../../../contract/account.schema.ts';
import { SEGMENT_PORTIN } from '../../../../contract/constants.ts';
import type { Order } from '../../../../contract/orders.schema.ts';
import type { PortIn } from '../../../../contract/sim-settings.schema.ts';
import { isUniqueViolation } from '../../../db/client.ts';
import { portInOf, orderPortIn } from '../port-in.ts';
import { portInEvents, members, portInRequests, sims } from '../../../db/schema.ts';
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
      await addSegment(tx, memberId, SEGMENT_PORTIN);
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

/** Whether the member's number lock is on (docs/product/member-controls.md): a change of SIM then waits under it. */
export const numberLockedOf = async (tx: Tx | ServiceContext['db'], memberId: number) =>
  (await tx.select({ at: members.numberLockedAt }).from(members).where(eq(members.id, memberId)))[0]?.at != null;

/** Where a number moves: a card from stock (its serial), or a new eSIM profile. */
export type NewSim = { kind: 'physical'; ssn: string } | { kind: 'esim' };

/**
 * The change-SIM rules, for a new card and for an eSIM alike, inside the caller's transaction (the
 * member's row locked): the card leaves the stock once, the number, credit, memberships and history
 * move, the old card ends inactive and the network is asked to move the line; the member is then
 * told, with the way to say it wasn't them. Allowed already (a password and code, or a change that
 * waited out the number lock). A card that is wrong rolls the caller's transaction back.
 */
export async function moveToNewSim(
  tx: Tx,
  clock: ServiceContext['clock'],
  memberId: number,
  oldSsn: string,
  to: NewSim,
): Promise<Outcome<{ sim: Sim; activation_code: null }, 'noActiveSim'>> {
  const old = await changeableSim(tx, memberId, oldSsn);
  if (!old) return refused('noActiveSim');
  const at = clock();
  let fresh: typeof sims.$inferInsert;
  if (to.kind === 'physical') {
    const taken = await takeCardFromStock(tx, to.ssn);
    if (!taken.ok) throw new CardRefused(taken.reason);
    fresh = {
      ssn: to.ssn,
      memberId,
      product: taken.value.product,
      requester: old.requester,
      status: 'active',
      puk: taken.value.puk,
      billingStatus: old.billingStatus,
      createdAt: at,
    };
  } else
    fresh = {
      ssn: esimIccid(),
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
    };
  await moveNumber(tx, old, fresh);
  if (old.msisdn) await simChanged.emit(tx, { memberId, msisdn: old.msisdn, ssn: fresh.ssn, kind: to.kind, at });
  return done({
    sim: simOf({
      ssn: fresh.ssn,
      msisdn: old.msisdn,
      product: fresh.product,
      requester: to.kind === 'physical' ? '1' : old.requester,
      blockedAt: null,
      kind: to.kind,
      lineState: null,
    }),
    activation_code: null,
  });
}

/** A card refused inside a change: thrown so that the transaction rolls back (the step-up code stays usable for the right card). */
export class CardRefused extends Error {
  readonly reason: 'simNotFound' | 'simAlreadyActive';
  constructor(reason: 'simNotFound' | 'simAlreadyActive') {
    super(reason);
    this.reason = reason;
  }
}

type ChangeRefusal = 'wrongPassword' | 'noActiveSim' | 'numberLocked' | StepUpFailure;

/**
 * Change my SIM (a new card from stock, or an eSIM), after the password and a step-up code: one
 * transaction, so nothing is half-moved if any step fails. While the member's number lock is on the
 * change is refused here (423) and asked for under the lock instead, before any code is used.
 */
async function changeNow(
  { db, clock }: ServiceContext,
  memberId: number,
  oldSsn: string,
  to: NewSim,
  password: string,
  code: string | undefined,
) {
  const [member] = await db.select().from(members).where(eq(members.id, memberId));
  if (!member || !(await verifyPassword(password, member.passwordHash))) return refused('wrongPassword');
  return db
    .transaction(async (tx): Promise<Outcome<{ sim: Sim; activation_code: null }, ChangeRefusal>> => {
      await lockMember(tx, memberId);
      if (!(await changeableSim(tx, memberId, oldSsn))) return refused('noActiveSim');
      if (await numberLockedOf(tx, memberId)) return refused('numberLocked');
      const allowed = await useStepUpCode(tx, clock, memberId, 'sim', code);
      if (!allowed.ok) return allowed;
      return moveToNewSim(tx, clock, memberId, oldSsn, to);
    })
    .catch((error: unknown) => {
      if (error instanceof CardRefused) return refused(error.reason);
      throw error;
    });
}

export async function changeSim(
  ctx: ServiceContext,
  memberId: number,
  oldSsn: string,
  newSsn: string,
  password: string,
  code: string | undefined,
): Promise<Outcome<Sim, ChangeRefusal | 'simNotFound' | 'simAlreadyActive'>> {
  const changed = await changeNow(ctx, memberId, oldSsn, { kind: 'physical', ssn: newSsn }, password, code);
  return changed.ok ? done(changed.value.sim) : changed;
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
  ctx: ServiceContext,
  memberId: number,
  oldSsn: string,
  password: string,
  code: string | undefined,
): Promise<Outcome<{ sim: Sim; activation_code: string | null }, ChangeRefusal | 'simNotFound' | 'simAlreadyActive'>> {
  return changeNow(ctx, memberId, oldSsn, { kind: 'esim' }, password, code);
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
