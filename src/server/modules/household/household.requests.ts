import { and, asc, count, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import {
  requestMessages,
  requestNotices,
  requestWhatSaid,
  type HouseholdRequestRefusal,
} from '../../../contract/household-requests.schema.ts';
import {
  REQUEST_HOURS,
  REQUEST_QUIET_MINUTES,
  REQUESTS_OPEN_PER_LINE,
  REQUESTS_PER_DAY,
} from '../../../contract/household.ts';
import type { PaymentType } from '../../../contract/payments.schema.ts';
import type { Queryable } from '../../db/client.ts';
import { householdLines, householdRequests, households, members, sims } from '../../db/schema.ts';
import type { Clock } from '../../kernel/clock.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { raiseAlert } from '../alerts/index.ts';
import { priceOf, productsNamed, type MoneyContext, type Purchase } from '../money/index.ts';
import { letDataGoOnAbroad } from '../roaming/index.ts';
import { householdRunBy } from './controls/controls.read.ts';
import { capIn } from './controls/data-cap.ts';
import { nameOf } from './household.people.ts';
import { buyForLine, leaveIn } from './household.service.ts';
import { shape, type ShapedRequest } from './household.requests.read.ts';
import type { NoticeValue } from '../../../contract/i18n/notice.ts';

/**
 * Requests a line makes of its household (docs/product/lifelines.md "Requests"). Asking locks the
 * line's row and takes one of its three seats (the database's unique index is the last word). An
 * approval is claimed first (one at a time however often it is pressed), then what was asked is
 * bought or set in one transaction with the request's change to approved; a payment refused leaves
 * the request open. Those who run the household are told of a request, the line of its answer, as
 * alerts (in the app, by e-mail and push as each chose).
 */

type Row = typeof householdRequests.$inferSelect;
/** A request as the caller sees it after a change, with the members told of it (pushed at once by the handler). */
type Answered = ShapedRequest & { message: NoticeValue; told: number[] };
type Ask =
  | { kind: 'addon' | 'membership'; sku: string }
  | { kind: 'credit'; amount_cents: number }
  | { kind: 'roaming' }
  | { kind: 'leave' }
  | { kind: 'dataCap'; gb: number };

const HOUR = 60 * 60_000;
/** How long a claimed approval holds the request (its payment's time, with room): a crash mid-way frees it then. */
const APPROVING_MS = 2 * 60_000;

const purchaseOf = (r: Pick<Row, 'kind' | 'sku' | 'amountCents'>): Purchase | null =>
  r.kind === 'addon'
    ? { kind: 'addon', sku: r.sku! }
    : r.kind === 'membership'
      ? { kind: 'membership', sku: r.sku!, recurrence: false }
      : r.kind === 'credit'
        ? { kind: 'credit', amountCents: r.amountCents! }
        : null;

/** The line the member's own SIM is, with its household, its row locked (asks of one line wait for each other). */
async function ownLine(tx: Queryable, memberId: number, ssn: string) {
  const [row] = await tx
    .select({ line: householdLines, msisdn: sims.msisdn })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .where(and(eq(householdLines.ssn, ssn), eq(sims.memberId, memberId)))
    .for('update', { of: householdLines });
  return row;
}

/** Those who run a household (its owner and managers) but the line itself: the members to tell of its request. */
async function runnerIds(tx: Queryable, householdId: number, ssn: string): Promise<number[]> {
  const [household] = await tx
    .select({ ownerId: households.ownerId })
    .from(households)
    .where(eq(households.id, householdId));
  const managers = await tx
    .select({ memberId: sims.memberId })
    .from(householdLines)
    .innerJoin(sims, eq(sims.ssn, householdLines.ssn))
    .where(
      and(eq(householdLines.householdId, householdId), eq(householdLines.role, 'manager'), ne(householdLines.ssn, ssn)),
    );
  return [
    ...new Set([household?.ownerId, ...managers.map((m) => m.memberId)].filter((id): id is number => id != null)),
  ];
}

const productName = async (q: Queryable, sku: string | null) =>
  sku ? (await productsNamed(q, [sku]))[0]?.name : undefined;

const whatOf = async (q: Queryable, r: Pick<Row, 'kind' | 'sku' | 'amountCents' | 'gb'>) =>
  requestWhatSaid({ kind: r.kind, amount_cents: r.amountCents, gb: r.gb }, await productName(q, r.sku));

/** The line asks. */
export async function ask(
  { db, clock }: ServiceContext,
  memberId: number,
  ssn: string,
  body: Ask,
): Promise<Outcome<Answered, HouseholdRequestRefusal>> {
  return db.transaction(async (tx) => {
    const now = clock();
    const line = await ownLine(tx, memberId, ssn);
    if (!line) return refused('notALine');
    const purchase = purchaseOf({
      kind: body.kind,
      sku: 'sku' in body ? body.sku : null,
      amountCents: 'amount_cents' in body ? body.amount_cents : null,
    });
    if (purchase && purchase.kind !== 'credit') {
      const priced = await priceOf(tx, memberId, purchase, now);
      if (!priced.ok) return refused('notOnSale');
    }
    // Only a line marked under 18 asks to leave: any other leaves by itself.
    if (body.kind === 'leave' && line.line.under18 !== 'accepted') return refused('leaveFree');
    // Asking (and withdrawing) in a loop ends at a day's asks: the line's row is locked, so the count holds.
    const [asked] = await tx
      .select({ n: count() })
      .from(householdRequests)
      .where(and(eq(householdRequests.ssn, ssn), gt(householdRequests.createdAt, new Date(now.getTime() - 24 * HOUR))));
    if (Number(asked?.n ?? 0) >= REQUESTS_PER_DAY) return refused('tooManyAsks');
    if (body.kind === 'dataCap') {
      const cap = line.line.dataCapKb;
      if (cap === null) return refused('noCap');
      if (body.gb * 1024 * 1024 <= cap) return refused('capNotHigher');
    }
    const open = await tx
      .select({ seat: householdRequests.seat })
      .from(householdRequests)
      .where(and(eq(householdRequests.ssn, ssn), eq(householdRequests.state, 'open')));
    const seat = [1, 2, 3].find((s) => !open.some((o) => o.seat === s));
    if (open.length >= REQUESTS_OPEN_PER_LINE || !seat) return refused('tooManyOpen');
    const [row] = await tx
      .insert(householdRequests)
      .values({
        householdId: line.line.householdId,
        ssn,
        askedBy: memberId,
        kind: body.kind,
        sku: 'sku' in body ? body.sku : null,
        amountCents: 'amount_cents' in body ? body.amount_cents : null,
        gb: body.kind === 'dataCap' ? body.gb : null,
        seat,
        createdAt: now,
        expiresAt: new Date(now.getTime() + REQUEST_HOURS * HOUR),
      })
      .returning();
    const [me] = await tx.select().from(members).where(eq(members.id, memberId));
    const what = await whatOf(tx, row!);
    // Those who run the household are told once in a quiet period (the alert's key), however often the line asks.
    const quiet = Math.floor(now.getTime() / (REQUEST_QUIET_MINUTES * 60_000));
    const told: number[] = [];
    for (const runner of await runnerIds(tx, line.line.householdId, ssn))
      if (
        await raiseAlert(tx, clock, {
          memberId: runner,
          cause: 'householdRequest',
          key: `${ssn}:${runner}:${quiet}`,
          ...requestNotices.asked(nameOf(me!), what),
        })
      )
        told.push(runner);
    const [shown] = await shape(tx, memberId, now, [row!]);
    return done({ ...shown!, message: requestMessages.asked, told });
  });
}

/** A request of a line the member runs (owner, or manager of another line), or none: 404 as for one that does not exist. */
async function runRequest(q: Queryable, memberId: number, id: number) {
  const [row] = await q.select().from(householdRequests).where(eq(householdRequests.id, id));
  if (!row) return undefined;
  if ((await householdRunBy(q, memberId)) !== row.householdId) return undefined;
  const [still] = await q
    .select({ ssn: householdLines.ssn })
    .from(householdLines)
    .where(and(eq(householdLines.ssn, row.ssn), eq(householdLines.householdId, row.householdId)));
  if (!still) return undefined;
  const [own] = await q
    .select({ ssn: sims.ssn })
    .from(sims)
    .where(and(eq(sims.ssn, row.ssn), eq(sims.memberId, memberId)));
  return own ? undefined : row;
}

/** The request locked and still open (not expired): what an approval's transaction checks before it writes. */
async function lockedOpen(tx: Queryable, id: number, now: Date): Promise<'answered' | 'expired' | null> {
  const [row] = await tx
    .select({ state: householdRequests.state, expiresAt: householdRequests.expiresAt })
    .from(householdRequests)
    .where(eq(householdRequests.id, id))
    .for('update');
  if (!row || row.state !== 'open') return 'answered';
  return row.expiresAt <= now ? 'expired' : null;
}

/** The request answered (approved or declined) in the caller's transaction, and the line told. */
async function answer(
  tx: Queryable,
  clock: Clock,
  row: Row,
  state: 'approved' | 'declined' | 'expired',
  by: string,
  note: string | null = null,
) {
  const now = clock();
  await tx
    .update(householdRequests)
    .set({ state, seat: null, answeredAt: now, answeredBy: by, note, approvingUntil: null })
    .where(eq(householdRequests.id, row.id));
  const what = await whatOf(tx, row);
  const notice =
    state === 'approved'
      ? requestNotices.approved(by, what)
      : state === 'declined'
        ? requestNotices.declined(by, what, note)
        : requestNotices.expired(what);
  await raiseAlert(tx, clock, { memberId: row.askedBy, cause: 'householdAnswer', key: `${row.id}`, ...notice });
}

const stateOf = async (q: Queryable, id: number) =>
  (await q.select().from(householdRequests).where(eq(householdRequests.id, id)))[0]!;

export async function approve(
  ctx: MoneyContext,
  memberId: number,
  id: number,
  order: { fromSsn: string; paymentType: PaymentType },
): Promise<Outcome<Answered, HouseholdRequestRefusal>> {
  const { db, clock } = ctx;
  const row = await runRequest(db, memberId, id);
  if (!row) return refused('noSuchRequest');
  const [me] = await db.select().from(members).where(eq(members.id, memberId));
  const by = nameOf(me!);
  const now = clock();
  // One approval at a time: presses while one pays are refused before anything is charged.
  const [claimed] = await db
    .update(householdRequests)
    .set({ approvingUntil: new Date(now.getTime() + APPROVING_MS) })
    .where(
      and(
        eq(householdRequests.id, id),
        eq(householdRequests.state, 'open'),
        gt(householdRequests.expiresAt, now),
        or(isNull(householdRequests.approvingUntil), lte(householdRequests.approvingUntil, now)),
      ),
    )
    .returning();
  if (!claimed) {
    const current = await stateOf(db, id);
    if (current.state !== 'open') return refused('answered');
    return current.expiresAt <= now ? refused('expired') : refused('approving');
  }
  let outcome: Outcome<unknown, HouseholdRequestRefusal>;
  try {
    const purchase = purchaseOf(row);
    if (purchase) {
      const paid = await buyForLine(
        ctx,
        memberId,
        { ssn: row.ssn, fromSsn: order.fromSsn, purchase, paymentType: order.paymentType },
        {
          guard: (tx) => lockedOpen(tx, id, clock()),
          then: (tx) => answer(tx, clock, row, 'approved', by),
        },
      );
      outcome = paid.ok || paid.reason !== 'noSuchLine' ? (paid as typeof outcome) : refused('noSuchRequest');
    } else {
      outcome = await db.transaction(async (tx) => {
        const closed = await lockedOpen(tx, id, clock());
        if (closed) return refused(closed);
        if (row.kind === 'roaming') await letDataGoOnAbroad(tx, clock, row.ssn);
        else if (row.kind === 'dataCap') await capIn(tx, clock(), row.ssn, row.gb, by);
        await answer(tx, clock, row, 'approved', by);
        // An under-18 line let go: it leaves now (what the household set on it lifted, the owner told).
        if (row.kind === 'leave') await leaveIn(tx, clock(), row.ssn);
        return done(null);
      });
    }
  } finally {
    // Not approved (refused, or an error): the request is free to be approved again.
    await db
      .update(householdRequests)
      .set({ approvingUntil: null })
      .where(and(eq(householdRequests.id, id), eq(householdRequests.state, 'open')))
      .catch(() => undefined);
  }
  if (!outcome.ok) return outcome as Extract<typeof outcome, { ok: false }>;
  const [shown] = await shape(db, memberId, clock(), [await stateOf(db, id)]);
  return done({ ...shown!, message: requestMessages.approved(shown!.what, shown!.name), told: [row.askedBy] });
}

export async function decline(
  { db, clock }: ServiceContext,
  memberId: number,
  id: number,
  note: string | undefined,
): Promise<Outcome<Answered, HouseholdRequestRefusal>> {
  return db.transaction(async (tx) => {
    const row = await runRequest(tx, memberId, id);
    if (!row) return refused('noSuchRequest');
    const closed = await lockedOpen(tx, id, clock());
    if (closed) return refused(closed);
    const current = await stateOf(tx, id);
    if (current.approvingUntil && current.approvingUntil > clock()) return refused('approving');
    const [me] = await tx.select().from(members).where(eq(members.id, memberId));
    await answer(tx, clock, row, 'declined', nameOf(me!), note?.trim() || null);
    const [shown] = await shape(tx, memberId, clock(), [await stateOf(tx, id)]);
    return done({ ...shown!, message: requestMessages.declined, told: [row.askedBy] });
  });
}

export async function withdraw(
  { db, clock }: ServiceContext,
  memberId: number,
  id: number,
): Promise<Outcome<Answered, HouseholdRequestRefusal>> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ request: householdRequests })
      .from(householdRequests)
      .innerJoin(sims, eq(sims.ssn, householdRequests.ssn))
      .where(and(eq(householdRequests.id, id), eq(sims.memberId, memberId)));
    if (!row) return refused('noSuchRequest');
    const closed = await lockedOpen(tx, id, clock());
    if (closed) return refused(closed);
    const current = await stateOf(tx, id);
    if (current.approvingUntil && current.approvingUntil > clock()) return refused('approving');
    await tx
      .update(householdRequests)
      .set({ state: 'withdrawn', seat: null, answeredAt: clock(), answeredBy: null })
      .where(eq(householdRequests.id, id));
    const [shown] = await shape(tx, memberId, clock(), [await stateOf(tx, id)]);
    return done({ ...shown!, message: requestMessages.withdrawn, told: [] as number[] });
  });
}

/** The minute's job: requests left 24 hours expire (each in its own transaction), and their lines are told. */
export async function expireRequests({ db, clock }: { db: ServiceContext['db']; clock: Clock }) {
  const now = clock();
  const due = await db
    .select()
    .from(householdRequests)
    .where(and(eq(householdRequests.state, 'open'), lte(householdRequests.expiresAt, now)))
    .orderBy(asc(householdRequests.expiresAt))
    .limit(500);
  let expired = 0;
  for (const row of due)
    if (
      await db.transaction(async (tx) => {
        const [still] = await tx.select().from(householdRequests).where(eq(householdRequests.id, row.id)).for('update');
        // An approval paying at this moment finishes first; the next minute's run looks again.
        if (!still || still.state !== 'open' || (still.approvingUntil && still.approvingUntil > now)) return false;
        await answer(tx, () => now, still, 'expired', 'Automatically');
        return true;
      })
    )
      expired += 1;
  return expired;
}
