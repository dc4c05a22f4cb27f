import { accountFailures } from './account-routes.ts';
import { authFailures } from './auth.ts';
import { cmsFailures } from './cms.ts';
import {
  HTTP_LAYER_CODES,
  HTTP_LAYER_FALLBACK,
  requestFailures,
  SERVER_ERROR_CODE,
  serverFailures,
  sessionFailures,
  sharedFailures,
} from './common-failures.ts';
import { coverageFailures } from './coverage-api.ts';
import type { Failure } from './endpoint.ts';
import { flexiFailures } from './flexi-data.ts';
import { giftShopFailures } from './gift-shop.ts';
import { membershipsFailures } from './memberships.ts';
import { myDataFailures } from './my-data.ts';
import { offersFailures } from './offers.ts';
import { onboardingFailures } from './onboarding.ts';
import { ordersFailures } from './orders.ts';
import { passwordRecoveryFailures } from './password-recovery.ts';
import { paymentsFailures } from './payments.ts';
import { recruitFailures } from './recruit.ts';
import { referralsFailures } from './referrals.ts';
import { passkeyFailures } from './passkeys.ts';
import { advanceFailures } from './advance-routes.ts';
import { householdFailures } from './household.ts';
import { pushFailures } from './push.ts';
import { securityFailures } from './security.ts';
import { settingsFailures } from './settings.ts';
import { signUpFailures } from './signup.ts';
import { simSettingsFailures } from './sim-settings.ts';
import { stepUpFailures } from './step-up.ts';
import { receiptsFailures } from './transactions.ts';

/**
 * Every failure table of the API, for the OpenAPI document's error schema (server/http/openapi.ts).
 * A new table is one line here; tests/api/openapi.test.ts fails when a contract's table is missing.
 */
const tables: Record<string, Failure>[] = [
  sessionFailures,
  serverFailures,
  requestFailures,
  sharedFailures,
  accountFailures,
  authFailures,
  cmsFailures,
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
  pushFailures,
  settingsFailures,
  signUpFailures,
  simSettingsFailures,
  stepUpFailures,
  receiptsFailures,
];

/** Every code an error answer of the API can carry, sorted. */
export const ERROR_CODES: readonly string[] = [
  ...new Set([
    ...tables.flatMap((t) => Object.values(t).map((f) => f.code)),
    ...Object.values(HTTP_LAYER_CODES),
    HTTP_LAYER_FALLBACK,
    SERVER_ERROR_CODE,
  ]),
].sort();
