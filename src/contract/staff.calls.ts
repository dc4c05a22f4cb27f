import type { staffApi } from './staff.schema.ts';
import { route } from './endpoint.ts';

/**
 * The staff console's calls as the browser needs them (method and path, the contract's types
 * attached), zod-free: the console ships no schema library. The compiler checks each against
 * staff.schema.ts.
 */
type S = typeof staffApi;

export const staffCalls = {
  me: route<S['me']>('get', '/panda/staff/me'),
  queues: route<S['queues']>('get', '/panda/staff/queues'),
  take: route<S['take']>('post', '/panda/staff/queues/{queue}/take'),
  find: route<S['find']>('get', '/panda/staff/members'),
  open: route<S['open']>('post', '/panda/staff/members/{member_id}/open'),
  note: route<S['note']>('post', '/panda/staff/members/{member_id}/notes'),
  resendVerification: route<S['resendVerification']>('post', '/panda/staff/members/{member_id}/verification'),
  goodwill: route<S['goodwill']>('post', '/panda/staff/members/{member_id}/goodwill'),
  reverse: route<S['reverse']>('post', '/panda/staff/members/{member_id}/reversals'),
  blockLine: route<S['blockLine']>('post', '/panda/staff/members/{member_id}/lines/{ssn}/block'),
  unblockLine: route<S['unblockLine']>('post', '/panda/staff/members/{member_id}/lines/{ssn}/unblock'),
  endNumberLock: route<S['endNumberLock']>('post', '/panda/staff/members/{member_id}/number-lock/end'),
  closeCase: route<S['closeCase']>('post', '/panda/staff/cases/{case_id}/close'),
  builds: route<S['builds']>('get', '/panda/staff/builds'),
  rebuild: route<S['rebuild']>('post', '/panda/staff/builds'),
  rollback: route<S['rollback']>('post', '/panda/staff/builds/rollback'),
  requests: route<S['requests']>('get', '/panda/staff/requests'),
  decide: route<S['decide']>('post', '/panda/staff/requests/{request_id}/decision'),
  audit: route<S['audit']>('get', '/panda/staff/audit'),
  staff: route<S['staff']>('get', '/panda/staff/people'),
  refundFiles: route<S['refundFiles']>('get', '/panda/staff/refund-files'),
  makeRefundFile: route<S['makeRefundFile']>('post', '/panda/staff/refund-files'),
  refundFile: route<S['refundFile']>('get', '/panda/staff/refund-files/{file_id}'),
  approveRefundFile: route<S['approveRefundFile']>('post', '/panda/staff/refund-files/{file_id}/approval'),
  refundFileSent: route<S['refundFileSent']>('post', '/panda/staff/refund-files/{file_id}/sent'),
  refundReturn: route<S['refundReturn']>('post', '/panda/staff/refund-returns'),
};
