import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { requestWhatSaid, type HouseholdRequest } from '../../../contract/household-requests.schema.ts';
import { type RequestState } from '../../../contract/household.ts';
import type { Queryable } from '../../db/client.ts';
import { householdLines, householdRequests, members, sims } from '../../db/schema.ts';
import { type ServiceContext } from '../../kernel/outcome.ts';
import { productsNamed } from '../money/index.ts';
import { householdRunBy } from './controls/controls.read.ts';
import { nameOf } from './household.people.ts';
import type { Unsaid } from './said.ts';

type Row = typeof householdRequests.$inferSelect;

/** A request as a member sees it, its `what` in words of the catalogue (its handler says them in the member's language). */
export type ShapedRequest = Unsaid<HouseholdRequest>;

/** The requests as a member sees them: of their own lines, and of the lines they run. */
export async function shape(q: Queryable, viewerId: number, now: Date, rows: Row[]): Promise<ShapedRequest[]> {
  if (rows.length === 0) return [];
  const ssns = [...new Set(rows.map((r) => r.ssn))];
  const lines = await q
    .select({ ssn: sims.ssn, msisdn: sims.msisdn, memberId: sims.memberId, member: members })
    .from(sims)
    .innerJoin(members, eq(members.id, sims.memberId))
    .where(inArray(sims.ssn, ssns));
  const skus = [...new Set(rows.map((r) => r.sku).filter((s): s is string => s !== null))];
  const named = await productsNamed(q, skus);
  return rows.map((r) => {
    const line = lines.find((l) => l.ssn === r.ssn);
    const product = named.find((p) => p.sku === r.sku);
    const state: RequestState = r.state === 'open' && r.expiresAt <= now ? 'expired' : r.state;
    const own = line?.memberId === viewerId;
    return {
      id: r.id,
      ssn: r.ssn,
      msisdn: line?.msisdn ?? null,
      name: line ? nameOf(line.member) : '',
      kind: r.kind,
      what: requestWhatSaid({ kind: r.kind, amount_cents: r.amountCents, gb: r.gb }, product?.name),
      sku: r.sku,
      amount_cents: r.amountCents,
      gb: r.gb,
      price_cents: r.kind === 'credit' ? r.amountCents : (product?.priceCents ?? null),
      state,
      created_at: r.createdAt.toISOString(),
      expires_at: r.expiresAt.toISOString(),
      answered_at: r.answeredAt?.toISOString() ?? null,
      answered_by: r.answeredBy,
      note: r.note,
      can: { answer: !own && state === 'open', withdraw: own && state === 'open' },
    };
  });
}

/** The requests a member sees (the household read carries them: the household screen reads no more than it did). */
export async function requestsOf({ db, clock }: ServiceContext, memberId: number): Promise<ShapedRequest[]> {
  const now = clock();
  const mine = db.select({ ssn: sims.ssn }).from(sims).where(eq(sims.memberId, memberId));
  const run = await householdRunBy(db, memberId);
  const rows = await db
    .select()
    .from(householdRequests)
    .where(
      or(
        inArray(householdRequests.ssn, mine),
        run === undefined
          ? undefined
          : and(
              eq(householdRequests.householdId, run),
              notInArray(householdRequests.ssn, mine),
              // A line that left takes its requests with it: the household no longer sees them.
              inArray(
                householdRequests.ssn,
                db.select({ ssn: householdLines.ssn }).from(householdLines).where(eq(householdLines.householdId, run)),
              ),
            ),
      ),
    )
    .orderBy(
      desc(sql`${householdRequests.state} = 'open'`),
      desc(householdRequests.createdAt),
      desc(householdRequests.id),
    )
    .limit(30);
  return shape(db, memberId, now, rows);
}
