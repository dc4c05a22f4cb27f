import type { AppConfig } from '../config.ts';
import type { router } from '../http/router.ts';
import { accountRoutes } from './account/index.ts';
import { alertsRoutes, pushRoutes } from './alerts/index.ts';
import { chatRoutes, contactRoutes, helpdeskRoutes, supportRoutes } from './care/index.ts';
import { offersRoutes, recruitRoutes, referralsRoutes } from './community/index.ts';
import { catalogueRoutes, cmsRoutes, coverageRoutes } from './content/index.ts';
import { lineChangesRoutes, numberLockRoutes, securityRoutes } from './controls/index.ts';
import { flexiDataRoutes } from './flexi-data/index.ts';
import { householdRoutes } from './household/index.ts';
import { authRoutes, passkeysRoutes, passwordRecoveryRoutes, settingsRoutes, signUpRoutes } from './identity/index.ts';
import { onboardingRoutes, ordersRoutes, simSettingsRoutes } from './lines/index.ts';
import {
  advanceRoutes,
  creditBackRoutes,
  financeRoutes,
  giftShopRoutes,
  membershipsRoutes,
  paymentsRoutes,
  transactionsRoutes,
} from './money/index.ts';
import { networkRoutes } from './network/index.ts';
import { healthRoutes } from './operations/index.ts';
import { myDataRoutes } from './privacy/index.ts';
import { roamingRoutes } from './roaming/index.ts';
import { staffRoutes, staffSignInRoutes } from './staff/index.ts';

/**
 * Every module's routes, mounted by app.ts, each from its module's face (docs/decisions/051-modules-by-domain.md):
 * a new feature's routes are one line here.
 */
export function featureRoutes(config: AppConfig): (ReturnType<typeof router> | ReturnType<typeof catalogueRoutes>)[] {
  return [
    healthRoutes(),
    cmsRoutes(),
    // Before auth: /panda/public/users/affiliateInfo would otherwise be taken for /panda/public/users/{id}.
    recruitRoutes(),
    referralsRoutes(),
    authRoutes(config),
    signUpRoutes(config),
    passwordRecoveryRoutes(config),
    accountRoutes(),
    transactionsRoutes(),
    settingsRoutes(),
    securityRoutes(config),
    lineChangesRoutes(config),
    numberLockRoutes(config),
    passkeysRoutes(config),
    alertsRoutes(),
    roamingRoutes(),
    pushRoutes(config),
    myDataRoutes(),
    onboardingRoutes(config),
    ordersRoutes(config),
    simSettingsRoutes(config),
    helpdeskRoutes(),
    networkRoutes(),
    contactRoutes(config),
    chatRoutes(config),
    supportRoutes(),
    membershipsRoutes(),
    advanceRoutes(),
    creditBackRoutes(),
    financeRoutes(),
    staffSignInRoutes(),
    staffRoutes(),
    householdRoutes(),
    paymentsRoutes(config),
    giftShopRoutes(config),
    flexiDataRoutes(),
    coverageRoutes(),
    offersRoutes(),
    catalogueRoutes(),
  ];
}
