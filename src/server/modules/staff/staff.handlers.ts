import type { Context } from 'hono';
import { ROLE_PERMISSIONS, STAFF_LIMITS, type StaffQueue } from '../../../contract/staff.ts';
import { staffAccessApi, staffApi, staffFailures } from '../../../contract/staff.schema.ts';
import { fail, ok, reply } from '../../http/answers.ts';
import type { HandlersOf, Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import { startOfIrishDay } from '../../kernel/calendar.ts';
import { auditCsv, checkChain, entriesBetween, entriesOfMember, forMember, record } from '../audit/index.ts';
import { addNote, auditOut, findMembers, openMember, sendVerificationAgain } from './members.service.ts';
import { decideRequest, giveGoodwill, requestsFor, reverseCharge } from './money.service.ts';
import type { StaffSession } from './session.ts';
import * as work from './work.service.ts';
import { buildsOf, rebuild, rollback } from './builds.service.ts';
import { blockLineByStaff, closeCaseByStaff, endLockByStaff, unblockLineByStaff } from './fraud.service.ts';

type C = Context<AppEnv>;
const staffOf = (c: C) => c.get('staff') as StaffSession;
const memberIdOf = (params: { member_id: string }) => Number(params.member_id);

export const staffHandlers: HandlersOf<typeof staffApi> = {
  me: (c) => {
    const s = staffOf(c);
    const limits = STAFF_LIMITS[s.role];
    return ok(c, staffApi.me, {
      _payload: {
        id: s.id,
        name: s.name,
        email: s.email,
        role: s.role,
        permissions: [...ROLE_PERMISSIONS[s.role]],
        limits: limits ? { goodwill_cents: limits.goodwill, reversal_cents: limits.reversal } : null,
        session_ends_at: s.endsAt.toISOString(),
      },
    });
  },
  queues: async (c) => ok(c, staffApi.queues, { _payload: { queues: await work.queuesFor(c.var, staffOf(c)) } }),
  take: async (c, { params, body }) =>
    reply(
      c,
      staffApi.take,
      staffFailures,
      await work.takeItem(c.var, staffOf(c), params.queue as StaffQueue, body.ref),
      () => ({
        _payload: { message: 'Taken: it is yours for 30 minutes.' },
      }),
    ),
  find: async (c, { query }) =>
    ok(c, staffApi.find, { _payload: { members: await findMembers(c.var, staffOf(c), query.q) } }),
  open: async (c, { params, body }) =>
    reply(c, staffApi.open, staffFailures, await openMember(c.var, staffOf(c), memberIdOf(params), body.reason)),
  note: async (c, { params, body }) =>
    reply(c, staffApi.note, staffFailures, await addNote(c.var, staffOf(c), memberIdOf(params), body.text)),
  resendVerification: async (c, { params, body }) =>
    reply(
      c,
      staffApi.resendVerification,
      staffFailures,
      await sendVerificationAgain(c.var, staffOf(c), memberIdOf(params), body.reason, c.var.config.siteUrl),
      () => ({ _payload: { message: 'The verification mail was sent again.' } }),
    ),
  goodwill: async (c, { params, body }) =>
    reply(c, staffApi.goodwill, staffFailures, await giveGoodwill(c.var, staffOf(c), memberIdOf(params), body)),
  reverse: async (c, { params, body }) =>
    reply(c, staffApi.reverse, staffFailures, await reverseCharge(c.var, staffOf(c), memberIdOf(params), body)),
  blockLine: async (c, { params, body }) =>
    reply(
      c,
      staffApi.blockLine,
      staffFailures,
      await blockLineByStaff(c.var, staffOf(c), memberIdOf(params), params.ssn, body),
    ),
  unblockLine: async (c, { params, body }) =>
    reply(
      c,
      staffApi.unblockLine,
      staffFailures,
      await unblockLineByStaff(c.var, staffOf(c), memberIdOf(params), params.ssn, body),
    ),
  endNumberLock: async (c, { params, body }) =>
    reply(c, staffApi.endNumberLock, staffFailures, await endLockByStaff(c.var, staffOf(c), memberIdOf(params), body)),
  closeCase: async (c, { params, body }) =>
    reply(
      c,
      staffApi.closeCase,
      staffFailures,
      await closeCaseByStaff(c.var, staffOf(c), Number(params.case_id), body),
    ),
  builds: (c) => {
    const publishing = c.var.publishing;
    return publishing
      ? ok(c, staffApi.builds, { _payload: buildsOf(publishing) })
      : fail(c, staffFailures.noPublishing);
  },
  rebuild: async (c) => {
    const publishing = c.var.publishing;
    if (!publishing) return fail(c, staffFailures.noPublishing);
    return ok(c, staffApi.rebuild, { _payload: await rebuild(c.var, staffOf(c), publishing) });
  },
  rollback: async (c, { body }) => {
    const publishing = c.var.publishing;
    if (!publishing) return fail(c, staffFailures.noPublishing);
    return reply(c, staffApi.rollback, staffFailures, await rollback(c.var, staffOf(c), publishing, body.build));
  },
  requests: async (c) => ok(c, staffApi.requests, { _payload: { requests: await requestsFor(c.var, staffOf(c)) } }),
  decide: async (c, { params, body }) =>
    reply(c, staffApi.decide, staffFailures, await decideRequest(c.var, staffOf(c), Number(params.request_id), body)),
  audit: async (c, { query }) => {
    const from = startOfIrishDay(query.from);
    const end = startOfIrishDay(query.to, 1);
    if (end <= from)
      return fail(c, { status: 400, message: 'to must be the same day as from or later', code: 'request.invalid' });
    const rows = await entriesBetween(c.var.db, from, end);
    const chain = await checkChain(c.var.db);
    // Reading the log is itself in it: who watched, which days, how much.
    await record(c.var.db, c.var.clock(), staffOf(c), {
      action: query.format === 'csv' ? 'audit-export' : 'audit-read',
      memberId: null,
      reason: `${query.format === 'csv' ? 'Export' : 'Read'} ${query.from} to ${query.to}`,
      result: `${rows.length} entries`,
    });
    return ok(c, staffApi.audit, {
      _payload: {
        entries: rows.map(auditOut),
        csv: query.format === 'csv' ? auditCsv(rows) : null,
        chain: { intact: chain.intact, checked: chain.checked, broken_at: chain.brokenAt },
      },
    });
  },
  staff: async (c) => ok(c, staffApi.staff, { _payload: { people: await work.peopleList(c.var) } }),
  refundFiles: async (c) => ok(c, staffApi.refundFiles, { _payload: await work.refundOverview(c.var, c.var.config) }),
  makeRefundFile: async (c) =>
    reply(c, staffApi.makeRefundFile, staffFailures, await work.makeFile(c.var, c.var.config, staffOf(c))),
  refundFile: async (c, { params }) =>
    reply(c, staffApi.refundFile, staffFailures, await work.fileXml(c.var, Number(params.file_id))),
  approveRefundFile: async (c, { params }) =>
    reply(
      c,
      staffApi.approveRefundFile,
      staffFailures,
      await work.approveFile(c.var, staffOf(c), Number(params.file_id)),
    ),
  refundFileSent: async (c, { params }) =>
    reply(c, staffApi.refundFileSent, staffFailures, await work.fileSent(c.var, staffOf(c), Number(params.file_id))),
  refundReturn: async (c, { body }) =>
    reply(
      c,
      staffApi.refundReturn,
      staffFailures,
      await work.returnTransfer(c.var, staffOf(c), body.end_to_end_id, body.reason),
    ),
};

/** The member's own view: who at 48 opened the account in the last 12 months. */
export async function whoOpened(c: C, _input: Input<typeof staffAccessApi.whoOpened>) {
  const now = c.var.clock();
  const rows = await entriesOfMember(c.var.db, c.var.member.id, new Date(now.getTime() - 365 * 86_400_000), 500);
  return ok(c, staffAccessApi.whoOpened, { _payload: { entries: rows.map(forMember) } });
}
