/**
 * The network module's face: all that other modules, the app and the jobs may use of it.
 *
 * The mobile network (docs/product/network.md): orders out through the outbox with their typed
 * causes (order-causes.ts), events in once, use handed to the domains that count it (usage.ts),
 * the daily reconciliation, and the network's adapter and sandbox.
 */
export {
  liftRoamingBar,
  orderDataBar,
  orderNoAllowanceBar,
  purchaseLiftRefused,
  roamingBarOf,
  standingDataBar,
} from './data-bars.ts';
export type { RefundablePurchase } from './data-bars.ts';
export {
  DEVELOPMENT_NETWORK_SECRET,
  network,
  networkSettings,
  sandboxNetworkAdapter,
} from './integrations/network/integration.ts';
export type { SandboxNetworkAdapter } from './integrations/network/integration.ts';
export { SANDBOX_NETWORK_CLIENT } from './integrations/network/sandbox-network.ts';
export { networkSandboxRoutes } from './integrations/network/sandbox.ts';
export { networkHoldsBack, queueNetworkOrder } from './network-orders.ts';
export { networkState } from './network-state.ts';
export { nationalNumber } from './msisdn.ts';
export { scheduleNetwork } from './network.job.ts';
export { networkAskedForInformation } from './service-events.ts';
export type { NetworkQuestion } from './service-events.ts';
export { callbackOf, keepHubs } from './hubs.ts';
export { networkRoutes } from './network.routes.ts';
export { orderCause } from './order-causes.ts';
export type { NetworkOrder, StepDetail } from './order-causes.ts';
export { orderPaidUseBar } from './paid-use-bars.ts';
export { balanceDifferences, readCreditsWith } from './balances.ts';
export type { CreditsReader } from './balances.ts';
export { applyNumberLeaving, applyNumberLeft, numberLeft } from './port-out.ts';
export type { NumberLeaving, NumberLeft, PortOutSaid } from './port-out.ts';
export { countUsageAbroad, countUsageAtHome } from './usage.ts';
export { storeUseEventsCte } from './usage-ctes.ts';
export type { CountAbroad, Counted, FollowUp, Rating, Use, UseEvent, UsageContext } from './usage.ts';
