/**
 * The lines module's face: all that other modules, the app and the jobs may use of it.
 *
 * Lines: a member's SIMs and numbers (activation, SIM orders and their delivery, a replacement, a
 * change of SIM, a port-in) and the orders each makes to the network.
 */
import './listeners.ts';
export { numberMovedAway } from './port-out.ts';
export { lineChangesTold, portOutRequested, simChanged } from './line-changes.ts';
export type { TellContext } from './line-changes.ts';
export {
  heldSuspended,
  lineStateAtNetwork,
  memberHasBlockedSim,
  setSimBlocked,
  simIsBlocked,
  suspensionHolds,
} from './blocks.ts';
export { orderLineDeletion, orderLineState } from './line-orders.ts';
export { onboardingRoutes } from './onboarding/onboarding.routes.ts';
export { simActivated } from './onboarding/onboarding.service.ts';
export { orderOf, placeOrderIn } from './orders.ts';
export type { Address } from './orders.ts';
export { ordersRoutes } from './orders/orders.routes.ts';
export { orderPortIn } from './port-in.ts';
export { simSettingsRoutes } from './sim-settings/sim-settings.routes.ts';
export { CardRefused, moveToNewSim } from './sim-settings/sim-settings.service.ts';
export { lockMember, setCardAside } from './stock.ts';
export { dailyUseCte, useByDay, useByMonth } from './daily-use.ts';
export type { UseFigures } from './daily-use.ts';
export { linesJobs } from './jobs.ts';
export type { DeliveryAdapter } from './integrations/delivery/index.ts';
export { delivery, deliverySettings } from './integrations/delivery/integration.ts';
