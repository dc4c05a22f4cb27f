import { membershipsApi } from '../../../src/contract/memberships.schema.ts';
import { send } from './client.ts';
import type { Session, TestContext } from './harness.ts';

/**
 * Buys a membership for a SIM as the memberships screen does (single_topUp=true, no auto-renew):
 * from credit first, or by the stored card; `key` makes it an idempotent request.
 */
export function buyMembership(
  ctx: Pick<TestContext, 'app'>,
  session: Session,
  ssn: string,
  {
    sku = 'BDDT00',
    pay = 'BALANCE_BEFORE_SC',
    key,
  }: { sku?: string; pay?: 'BALANCE_BEFORE_SC' | 'STORED_CARD'; key?: string | undefined } = {},
) {
  return send(ctx.app, membershipsApi.recurrence, {
    session,
    params: { user_id: session.userId, ssn },
    query: { single_topUp: 'true' },
    body: { recurrence_sku: sku, payment_type: pay, recurrence_enabled: 'false', check_user_cc: 'false' },
    ...(key ? { headers: { 'idempotency-key': key } } : {}),
  });
}
