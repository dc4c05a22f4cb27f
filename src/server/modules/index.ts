import type { AppConfig } from '../config.ts';
import type { router } from '../http/router.ts';
import { accountRoutes } from './account/index.ts';
import { advanceRoutes } from './money/index.ts';
import { authRoutes } from './identity/index.ts';
import { catalogueRoutes } from './content/index.ts';
import { cmsRoutes } from './content/index.ts';
import { chatRoutes } from './care/index.ts';
import { contactRoutes } from './care/index.ts';
import { coverageRoutes } from './content/index.ts';
import { offersRoutes } from './community/index.ts';
import { flexiDataRoutes } from './flexi-data/index.ts';
import { giftShopRoutes } from './money/index.ts';
import { healthRoutes } from './operations/index.ts';
import { networkRoutes } from './network/index.ts';
import { householdRoutes } from './household/index.ts';
import { helpdeskRoutes } from './care/index.ts';
import { membershipsRoutes } from './money/index.ts';
import { onboardingRoutes } from './lines/index.ts';
import { ordersRoutes } from './lines/index.ts';
import { paymentsRoutes } from './money/index.ts';
import { recruitRoutes } from './community/index.ts';
import { referralsRoutes } from './community/index.ts';
import { roamingRoutes } from './roaming/index.ts';
import { passwordRecoveryRoutes } from './identity/index.ts';
import { alertsRoutes } from './alerts/index.ts';
import { myDataRoutes } from './privacy/index.ts';
import { passkeysRoutes } from './identity/index.ts';
import { pushRoutes } from './alerts/index.ts';
import { securityRoutes } from './controls/index.ts';
import { settingsRoutes } from './identity/index.ts';
import { signUpRoutes } from './identity/index.ts';
import { simSettingsRoutes } from './lines/index.ts';
import { supportRoutes } from './care/index.ts';
import { transactionsRoutes } from './money/index.ts';

/** Every feature of the API, mounted by app.ts: a new feature is its folder and one line here. */
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
    householdRoutes(),
    paymentsRoutes(config),
    giftShopRoutes(config),
    flexiDataRoutes(),
    coverageRoutes(),
    offersRoutes(),
    catalogueRoutes(),
  ];
}
