import type { AppConfig } from '../config.ts';
import type { router } from '../http/router.ts';
import { accountRoutes } from './account/account.routes.ts';
import { advanceRoutes } from './advance/advance.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { catalogueRoutes } from './catalogue/catalogue.routes.ts';
import { cmsRoutes } from './cms/cms.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { contactRoutes } from './contact/contact.routes.ts';
import { coverageRoutes } from './coverage/coverage.routes.ts';
import { offersRoutes } from './offers/offers.routes.ts';
import { flexiDataRoutes } from './flexi-data/flexi-data.routes.ts';
import { giftShopRoutes } from './gift-shop/gift-shop.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { networkRoutes } from './network/network.routes.ts';
import { householdRoutes } from './household/household.routes.ts';
import { helpdeskRoutes } from './helpdesk/helpdesk.routes.ts';
import { membershipsRoutes } from './memberships/memberships.routes.ts';
import { onboardingRoutes } from './onboarding/onboarding.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { paymentsRoutes } from './payments/payments.routes.ts';
import { recruitRoutes } from './recruit/recruit.routes.ts';
import { referralsRoutes } from './referrals/referrals.routes.ts';
import { roamingRoutes } from './roaming/roaming.routes.ts';
import { passwordRecoveryRoutes } from './password-recovery/password-recovery.routes.ts';
import { alertsRoutes } from './alerts/alerts.routes.ts';
import { myDataRoutes } from './my-data/my-data.routes.ts';
import { passkeysRoutes } from './passkeys/passkeys.routes.ts';
import { pushRoutes } from './push/push.routes.ts';
import { securityRoutes } from './security/security.routes.ts';
import { settingsRoutes } from './settings/settings.routes.ts';
import { signUpRoutes } from './sign-up/sign-up.routes.ts';
import { simSettingsRoutes } from './sim-settings/sim-settings.routes.ts';
import { supportRoutes } from './support/support.routes.ts';
import { transactionsRoutes } from './transactions/transactions.routes.ts';

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
