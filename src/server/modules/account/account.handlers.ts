import type { Context } from 'hono';
import { accountFailures } from '../../../contract/account.calls.ts';
import { accountApi } from '../../../contract/account.schema.ts';
import { ok, reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import type { AppEnv } from '../../http/router.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
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

// The dashboard's reads, on every visit: the context with c.get, as Hono builds c.var anew from its
// map at each read.
const services = (c: C): ServiceContext => ({ db: c.get('db'), clock: c.get('clock') });
const memberOf = (c: C) => c.get('member').id;

export const segments = async (c: C) =>
  ok(c, accountApi.segments, { _payload: { values: await segmentsOf(services(c), memberOf(c)) } });

export async function simsOwned(c: C) {
  return reply(c, accountApi.simsOwned, accountFailures, await simsOf(services(c), memberOf(c)), (value) => ({
    _meta: { total: value.length },
    _payload: { values: value },
  }));
}

export const activation = async (c: C) =>
  ok(c, accountApi.activation, { _payload: await activationOf(services(c), memberOf(c)) });

export async function balanceSummary(c: C, { params }: Input<typeof accountApi.balanceSummary>) {
  return reply(
    c,
    accountApi.balanceSummary,
    accountFailures,
    await summaryOf(services(c), memberOf(c), params.ssn),
    (value) => ({ _payload: { current_month_balance_summary: value } }),
  );
}

export const notificationSummary = async (c: C) =>
  ok(c, accountApi.notificationSummary, { _payload: await notificationsOf(services(c), memberOf(c)) });

export function legacyStatus(c: C) {
  const type = c.get('member').legacyType;
  return ok(c, accountApi.legacyStatus, {
    _payload: { isLegacyUser: type !== null, legacyUserDetails: { memberShipType: type } },
  });
}

export const bulkEligibility = async (c: C) =>
  ok(c, accountApi.bulkEligibility, { _payload: { eligible: await bulkMembershipEligible(services(c), memberOf(c)) } });

export const purchaseDetails = async (c: C) =>
  ok(c, accountApi.purchaseDetails, { _payload: await purchasesOf(services(c), memberOf(c)) });

export const dailyUsage = async (c: C, { params }: Input<typeof accountApi.dailyUsage>) =>
  ok(c, accountApi.dailyUsage, { _payload: { values: await dailyUsageOf(services(c), params.ssn) } });

export const puk = async (c: C, { params }: Input<typeof accountApi.puk>) =>
  ok(c, accountApi.puk, { _payload: { puk: await pukOf(services(c), params.ssn) } });
