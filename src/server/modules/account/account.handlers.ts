import type { Context } from 'hono';
import { accountFailures } from '../../../contract/account.calls.ts';
import { accountApi } from '../../../contract/account.schema.ts';
import { usageApi } from '../../../contract/usage.schema.ts';
import { languageOf, ok, reply } from '../../http/answers.ts';
import type { Input } from '../../http/openapi.ts';
import { serviceContext, type AppEnv } from '../../http/router.ts';
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
import { statementOf, usageChartsOf } from './usage.service.ts';

type C = Context<AppEnv>;

// The dashboard's reads, on every visit: the member with c.get (Hono builds c.var anew at each read).
const memberOf = (c: C) => c.get('member').id;

export const segments = async (c: C) =>
  ok(c, accountApi.segments, { _payload: { values: await segmentsOf(serviceContext(c), memberOf(c)) } });

export async function simsOwned(c: C) {
  return reply(c, accountApi.simsOwned, accountFailures, await simsOf(serviceContext(c), memberOf(c)), (value) => ({
    _meta: { total: value.length },
    _payload: { values: value },
  }));
}

export const activation = async (c: C) =>
  ok(c, accountApi.activation, { _payload: await activationOf(serviceContext(c), memberOf(c)) });

export async function balanceSummary(c: C, { params }: Input<typeof accountApi.balanceSummary>) {
  return reply(
    c,
    accountApi.balanceSummary,
    accountFailures,
    await summaryOf(serviceContext(c), memberOf(c), params.ssn),
    (value) => ({ _payload: { current_month_balance_summary: value } }),
  );
}

export const notificationSummary = async (c: C) =>
  ok(c, accountApi.notificationSummary, { _payload: await notificationsOf(serviceContext(c), memberOf(c)) });

export function legacyStatus(c: C) {
  const type = c.get('member').legacyType;
  return ok(c, accountApi.legacyStatus, {
    _payload: { isLegacyUser: type !== null, legacyUserDetails: { memberShipType: type } },
  });
}

export const bulkEligibility = async (c: C) =>
  ok(c, accountApi.bulkEligibility, {
    _payload: { eligible: await bulkMembershipEligible(serviceContext(c), memberOf(c)) },
  });

export const purchaseDetails = async (c: C) =>
  ok(c, accountApi.purchaseDetails, { _payload: await purchasesOf(serviceContext(c), memberOf(c)) });

export const dailyUsage = async (c: C, { params }: Input<typeof accountApi.dailyUsage>) =>
  ok(c, accountApi.dailyUsage, { _payload: { values: await dailyUsageOf(serviceContext(c), params.ssn) } });

export const puk = async (c: C, { params }: Input<typeof accountApi.puk>) =>
  ok(c, accountApi.puk, { _payload: { puk: await pukOf(serviceContext(c), params.ssn) } });

export const usageCharts = async (c: C, { params }: Input<typeof usageApi.charts>) =>
  ok(c, usageApi.charts, { _payload: await usageChartsOf(serviceContext(c), params.ssn) });

export const statement = async (c: C, { query }: Input<typeof usageApi.statement>) =>
  ok(c, usageApi.statement, {
    _payload: await statementOf(serviceContext(c), c.get('member'), {
      from: query.from,
      to: query.to,
      csv: query.format === 'csv',
      language: languageOf(c),
    }),
  });
