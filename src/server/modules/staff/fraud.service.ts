import { done, refused, type Outcome, type ServiceContext } from '../../kernel/outcome.ts';
import { record } from '../audit/index.ts';
import { blockByFraudTeam, closeCase, endLockByFraudTeam, unblockByFraudTeam } from '../controls/index.ts';
import type { StaffSession } from './session.ts';

/**
 * The fraud team's actions (docs/product/staff.md): each one transaction with its audit entry, the
 * check made written in it; the rule itself is the controls module's.
 */
type Checked = { reason: string; check: string };
const said = (message: string) => done({ message });

/** A line blocked or unblocked by the fraud team, with the check made: audited, and the member told. */
async function lineByStaff(
  ctx: ServiceContext,
  staff: StaffSession,
  memberId: number,
  ssn: string,
  body: Checked,
  block: boolean,
) {
  return ctx.db.transaction(async (tx) => {
    const out = await (block ? blockByFraudTeam : unblockByFraudTeam)(tx, ctx.clock, memberId, ssn);
    if (!out.ok) return out;
    await record(tx, ctx.clock(), staff, {
      action: block ? 'block' : 'unblock',
      memberId,
      reason: body.reason,
      result: `${ssn} ${out.value}; checked: ${body.check}`,
    });
    if (block)
      return said(
        out.value === 'blocked' ? 'The line is blocked; the member is told.' : 'The line was blocked already.',
      );
    return said(out.value === 'unblocked' ? 'The line is unblocked; the member is told.' : 'The line was not blocked.');
  });
}

export const blockLineByStaff = (
  ctx: ServiceContext,
  staff: StaffSession,
  memberId: number,
  ssn: string,
  body: Checked,
) => lineByStaff(ctx, staff, memberId, ssn, body, true);

export const unblockLineByStaff = (
  ctx: ServiceContext,
  staff: StaffSession,
  memberId: number,
  ssn: string,
  body: Checked,
) => lineByStaff(ctx, staff, memberId, ssn, body, false);

export async function endLockByStaff(
  ctx: ServiceContext,
  staff: StaffSession,
  memberId: number,
  body: Checked,
): Promise<Outcome<{ message: string }, 'noMember' | 'notLocked'>> {
  return ctx.db.transaction(async (tx) => {
    const out = await endLockByFraudTeam(tx, ctx.clock, memberId);
    if (!out.ok) return out;
    await record(tx, ctx.clock(), staff, {
      action: 'number-lock-ended',
      memberId,
      reason: body.reason,
      result: `ended; checked: ${body.check}`,
    });
    return said('The number lock is off; the member is told.');
  });
}

export async function closeCaseByStaff(ctx: ServiceContext, staff: StaffSession, caseId: number, body: Checked) {
  return ctx.db.transaction(async (tx) => {
    const out = await closeCase(tx, ctx.clock, caseId, body.check);
    if (!out.ok) return out.reason === 'noCase' ? refused('noCase') : refused('caseClosedAlready');
    await record(tx, ctx.clock(), staff, {
      action: 'case-closed',
      memberId: out.value.memberId,
      reason: body.reason,
      result: `case ${caseId} (${out.value.kind} on ${out.value.msisdn}) closed; checked: ${body.check}`,
    });
    return said(`Case ${caseId} closed.`);
  });
}
