import { accountFailures } from './account.calls.ts';
import { authFailures } from './auth.schema.ts';
import { cmsFailures } from './cms.schema.ts';
import { chatFailures } from './chat.schema.ts';
import { contactFailures } from './contact.schema.ts';
import { supportFailures } from './support.schema.ts';
import { helpdeskFailures } from './helpdesk.schema.ts';
import { networkFailures } from './network.schema.ts';
import {
  HTTP_LAYER_CODES,
  HTTP_LAYER_FALLBACK,
  requestFailures,
  SERVER_ERROR_CODE,
  serverFailures,
  sessionFailures,
  sharedFailures,
} from './common-failures.ts';
import { coverageFailures } from './coverage.schema.ts';
import type { Failure } from './endpoint.ts';
import { flexiFailures } from './flexi-data.schema.ts';
import { giftShopFailures } from './gift-shop.schema.ts';
import { membershipsFailures } from './memberships.schema.ts';
import { myDataFailures } from './my-data.schema.ts';
import { offersFailures } from './offers.schema.ts';
import { onboardingFailures } from './onboarding.schema.ts';
import { ordersFailures } from './orders.schema.ts';
import { passwordRecoveryFailures } from './password-recovery.schema.ts';
import { paymentsFailures } from './payments.schema.ts';
import { recruitFailures } from './recruit.schema.ts';
import { referralsFailures } from './referrals.schema.ts';
import { roamingFailures } from './roaming.schema.ts';
import { passkeyFailures } from './passkeys.schema.ts';
import { advanceFailures } from './advance.calls.ts';
import { householdFailures } from './household.schema.ts';
import { householdRequestFailures } from './household-requests.schema.ts';
import { creditBackFailures } from './port-out-credit.schema.ts';
import { lineChangesFailures } from './line-changes.schema.ts';
import { numberLockFailures } from './number-lock.schema.ts';
import { pushFailures } from './push.schema.ts';
import { securityFailures } from './security.schema.ts';
import { settingsFailures } from './settings.schema.ts';
import { signUpFailures } from './sign-up.schema.ts';
import { simSettingsFailures } from './sim-settings.schema.ts';
import { stepUpFailures } from './step-up.schema.ts';
import { receiptsFailures } from './transactions.schema.ts';
import { staffFailures } from './staff.schema.ts';

/**
 * Every failure table of the API, for the OpenAPI document's error schema (server/http/openapi.ts).
 * A new table is one line here; tests/api/reliability/openapi.test.ts fails when a contract's table is missing.
 */
export const FAILURE_TABLES: readonly Record<string, Failure>[] = [
  staffFailures,
  sessionFailures,
  serverFailures,
  requestFailures,
  sharedFailures,
  accountFailures,
  authFailures,
  cmsFailures,
  contactFailures,
  chatFailures,
  coverageFailures,
  ...Object.values(flexiFailures),
  giftShopFailures,
  membershipsFailures,
  myDataFailures,
  offersFailures,
  onboardingFailures,
  ordersFailures,
  passwordRecoveryFailures,
  paymentsFailures,
  recruitFailures,
  referralsFailures,
  securityFailures,
  passkeyFailures,
  advanceFailures,
  householdFailures,
  householdRequestFailures,
  creditBackFailures,
  lineChangesFailures,
  numberLockFailures,
  pushFailures,
  settingsFailures,
  signUpFailures,
  simSettingsFailures,
  stepUpFailures,
  receiptsFailures,
  supportFailures,
  helpdeskFailures,
  networkFailures,
  roamingFailures,
];

/** Every code an error answer of the API can carry, sorted. */
export const ERROR_CODES: readonly string[] = [
  ...new Set([
    ...FAILURE_TABLES.flatMap((t) => Object.values(t).map((f) => f.code)),
    ...Object.values(HTTP_LAYER_CODES),
    HTTP_LAYER_FALLBACK,
    SERVER_ERROR_CODE,
  ]),
].sort();
