import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { formatMsisdn, gb as gbOf } from '../../../contract/format.ts';
import { memberships, sims, spotLoans } from '../../db/schema.ts';
import { intoSafe } from './flexi-data.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import { changeMembership, currentMembershipAt, recordMove } from '../money/index.ts';

/**
 * Spot me loans whose days are over (docs/product/flexible-data.md): what the borrower has not used goes back
 * to the lender's current membership, or, when the lender has none then (or an unlimited one),
 * into the lender's Safe, so lent data is never lost. Each loan is taken with SKIP LOCKED and
 * marked returned in the same transaction: one return per loan, whichever instance runs it.
 */
export async function runSpotReturns({ db, clock }: ServiceContext): Promise<number> {
  const due = await db
    .select({ id: spotLoans.id })
    .from(spotLoans)
    .where(and(isNull(spotLoans.returnedAt), lte(spotLoans.endsAt, clock())))
    .orderBy(asc(spotLoans.endsAt));
  let returned = 0;
  for (const { id } of due) {
    const done = await db.transaction(async (tx) => {
      const now = clock();
      const [loan] = await tx
        .select()
        .from(spotLoans)
        .where(and(eq(spotLoans.id, id), isNull(spotLoans.returnedAt)))
        .for('update', { skipLocked: true });
      if (!loan) return false;
      const left = loan.dataKb - loan.usedKb;
      const [borrower] = await tx.select({ msisdn: sims.msisdn }).from(sims).where(eq(sims.ssn, loan.borrowerSsn));
      const [m] = await tx
        .select()
        .from(memberships)
        .where(and(eq(memberships.ssn, loan.lenderSsn), currentMembershipAt(now)))
        .for('update');
      await tx.update(spotLoans).set({ returnedAt: now, returnedKb: left }).where(eq(spotLoans.id, loan.id));
      if (left === 0) return true;
      const gb = `${gbOf(left)} GB`;
      const from = formatMsisdn(borrower?.msisdn ?? '');
      if (m && m.dataMaxKb !== null) {
        await changeMembership(tx, m.id, { dataInKb: left });
        await recordMove(tx, {
          ssn: loan.lenderSsn,
          at: now,
          kind: 'flexi',
          description: `Spot me: ${gb} back from ${from}`,
          dataDeltaKb: left,
          reference: `spot-return:${loan.id}`,
        });
      } else {
        await intoSafe(tx, loan.lenderSsn, left, now);
        await recordMove(tx, {
          ssn: loan.lenderSsn,
          at: now,
          kind: 'flexi',
          description: `Spot me: ${gb} back from ${from}, kept in The Safe`,
          dataDeltaKb: 0,
          reference: `spot-return:${loan.id}`,
        });
      }
      return true;
    });
    if (done) returned += 1;
  }
  return returned;
}
