import type { Context } from 'hono';
import { accountFailures } from '../../../contract/account.calls.ts';
import { accountApi } from '../../../contract/account.schema.ts';
import { ok, reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import {
  balanceSummary as summaryOf,
  bulkMembershipEligible,
  dailyUsageOf,
  notificationSummary as notificationsOf,
  pukOf,
  purchaseDetails as purchasesOf,
  segmentsOf,
  simsOf,
  activationOf,
} from './account.service.ts';

type C = Context<AppEnv>;

export const segments = async (c: C) =>
  ok(c, accountApi.segments, { _payload: { values: await segmentsOf(c.var, c.var.member.id) } });

export async function simsOwned(c: C) {
  return reply(c, accountApi.simsOwned, accountFailures, await simsOf(c.var, c.var.member.id), (value) => ({
    _meta: { total: value.length },
    _payload: { values: value },
  }));
}

export const activation = async (c: C) =>
  ok(c, accountApi.activation, { _payload: await activationOf(c.var, c.var.member.id) });

export async function balanceSummary(c: C, { params }: Input<typeof accountApi.balanceSummary>) {
  // c.get rather than c.var, which Hono builds anew from its map at each read: the dashboard asks
  // for this on every visit.
  return reply(
    c,
    accountApi.balanceSummary,
    accountFailures,
    await summaryOf({ db: c.get('db'), clock: c.get('clock') }, c.get('member').id, params.ssn),
    (value) => ({ _payload: { current_month_balance_summary: value } }),
  );
}

export const notificationSummary = async (c: C) =>
  ok(c, accountApi.notificationSummary, { _payload: await notificationsOf(c.var, c.var.member.id) });

export function legacyStatus(c: C) {
  const type = c.var.member.legacyType;
  return ok(c, accountApi.legacyStatus, {
    _payload: { isLegacyUser: type !== null, legacyUserDetails: { memberShipType: type } },
  });
}

export const bulkEligibility = async (c: C) =>
  ok(c, accountApi.bulkEligibility, { _payload: { eligible: await bulkMembershipEligible(c.var, c.var.member.id) } });

export const purchaseDetails = async (c: C) =>
  ok(c, accountApi.purchaseDetails, { _payload: await purchasesOf(c.var, c.var.member.id) });

export const dailyUsage = async (c: C, { params }: Input<typeof accountApi.dailyUsage>) =>
  ok(c, accountApi.dailyUsage, { _payload: { values: await dailyUsageOf(c.var, params.ssn) } });

export const puk = async (c: C, { params }: Input<typeof accountApi.puk>) =>
  ok(c, accountApi.puk, { _payload: { puk: await pukOf(c.var, params.ssn) } });
