import type { AppConfig } from '../config.ts';
import type { router } from '../http/router.ts';
import { accountRoutes } from './account/account.routes.ts';
import { advanceRoutes } from './money/advance/advance.routes.ts';
import { authRoutes } from './identity/auth/auth.routes.ts';
import { catalogueRoutes } from './content/catalogue/catalogue.routes.ts';
import { cmsRoutes } from './content/cms/cms.routes.ts';
import { chatRoutes } from './care/chat/chat.routes.ts';
import { contactRoutes } from './care/contact/contact.routes.ts';
import { coverageRoutes } from './content/coverage/coverage.routes.ts';
import { offersRoutes } from './community/offers/offers.routes.ts';
import { flexiDataRoutes } from './flexi-data/flexi-data.routes.ts';
import { giftShopRoutes } from './money/gift-shop/gift-shop.routes.ts';
import { healthRoutes } from './operations/health/health.routes.ts';
import { networkRoutes } from './network/network.routes.ts';
import { householdRoutes } from './household/household.routes.ts';
import { helpdeskRoutes } from './care/helpdesk/helpdesk.routes.ts';
import { membershipsRoutes } from './money/memberships/memberships.routes.ts';
import { onboardingRoutes } from './lines/onboarding/onboarding.routes.ts';
import { ordersRoutes } from './lines/orders/orders.routes.ts';
import { paymentsRoutes } from './money/payments/payments.routes.ts';
import { recruitRoutes } from './community/recruit/recruit.routes.ts';
import { referralsRoutes } from './community/referrals/referrals.routes.ts';
import { roamingRoutes } from './roaming/roaming.routes.ts';
import { passwordRecoveryRoutes } from './identity/password-recovery/password-recovery.routes.ts';
import { alertsRoutes } from './alerts/alerts.routes.ts';
import { myDataRoutes } from './privacy/my-data/my-data.routes.ts';
import { passkeysRoutes } from './identity/passkeys/passkeys.routes.ts';
import { pushRoutes } from './alerts/push/push.routes.ts';
import { securityRoutes } from './controls/security/security.routes.ts';
import { settingsRoutes } from './identity/settings/settings.routes.ts';
import { signUpRoutes } from './identity/sign-up/sign-up.routes.ts';
import { simSettingsRoutes } from './lines/sim-settings/sim-settings.routes.ts';
import { supportRoutes } from './care/support/support.routes.ts';
import { transactionsRoutes } from './money/transactions/transactions.routes.ts';

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
