import type { accountApi } from './account.schema.ts';
import { failures, route } from './endpoint.ts';
import { messages } from './messages.ts';
import { sharedFailures } from './common-failures.ts';

/**
 * The account endpoints the dashboard calls before it shows, as routes (method and path, typed
 * by their endpoints in account.ts and checked by the compiler), and the account's failures: a
 * zod-free file, so the dashboard's first load carries no schema library.
 */
export const accountRoutes = {
  segments: route<typeof accountApi.segments>('get', '/panda/protected/users/{user_id}/segments'),
  simsOwned: route<typeof accountApi.simsOwned>('get', '/panda/protected/users/{user_id}/sims/owned'),
  activation: route<typeof accountApi.activation>('get', '/panda/protected/users/{user_id}/sims/activation'),
  balanceSummary: route<typeof accountApi.balanceSummary>(
    'get',
    '/panda/protected/users/{user_id}/sims/{ssn}/balance/summary/current',
  ),
  dailyUsage: route<typeof accountApi.dailyUsage>('get', '/panda/protected/users/{user_id}/sims/{ssn}/usage/daily'),
  notificationSummary: route<typeof accountApi.notificationSummary>(
    'get',
    '/panda/protected/users/{user_id}/notification/inapp/summary',
  ),
};

export const accountFailures = failures('account', {
  activationInProgress: { status: 400, message: 'Account activation in progress' },
  accountDetailsMissing: sharedFailures.detailsMissing,
  billingUnavailable: { status: 504, message: messages.serviceUnavailable },
  notYourSim: { status: 403, message: messages.forbiddenMember },
});
