/**
 * The money module's face: all that other modules, the app and the jobs may use of it.
 *
 * Money (docs/product/money.md, docs/product/lifelines.md): credit, card payments and checkouts,
 * purchases and memberships with auto-renew, refunds, the top-up advance, the spend limit,
 * transactions, the gift shop; the alerts a membership raises.
 */
import './listeners.ts';
export { repayAdvance } from './advance/advance.ts';
export { advanceRoutes } from './advance/advance.routes.ts';
export { creditBackRoutes } from './credit-back/credit-back.routes.ts';
export {
  approveRefundFile,
  enterReturn,
  makeRefundFile,
  markFileSent,
  refundFilesOf,
  refundFileXml,
  refundsState,
  SANDBOX_DEBTOR,
  waitingTransfers,
} from './credit-back/transfers.ts';
export type { Debtor } from './credit-back/transfers.ts';
export { financeRoutes } from './credit-back/finance.routes.ts';
export { runAlerts } from './memberships/alerts.job.ts';
export { changeCredit } from './balance/credit.ts';
export { creditFromStaff, ledgerRow, STAFF_LEDGER_KINDS } from './balance/staff-credit.ts';
export { giftShopRoutes } from './gift-shop/gift-shop.routes.ts';
export {
  bulkMembershipEligible,
  currentMembershipAt,
  isCurrentAt,
  membershipOf,
  periodAllowanceOf,
  periodUseOf,
  shiftMembershipDays,
} from './memberships/memberships.ts';
export { membershipsRoutes } from './memberships/memberships.routes.ts';
export {
  changeMembership,
  drawAllowance,
  giveGoodyBag,
  openBalance,
  recordMove,
  setRoamingDataUsed,
} from './balance/moves.ts';
export type { MembershipChange, Move } from './balance/moves.ts';
export { pay } from './payments/pay.ts';
export type { MoneyContext } from './payments/pay.ts';
export type { PeriodAllowance } from './memberships/memberships.ts';
export { paymentsRoutes } from './payments/payments.routes.ts';
export { membershipBought, priceOf, productsNamed } from './purchases/purchases.ts';
export type { Applied, Purchase } from './purchases/purchases.ts';
export { cardSpentThisMonth } from './payments/spend-limit.ts';
export { transactionsRoutes } from './transactions/transactions.routes.ts';
export { describedIn } from './transactions/ledger-words.ts';
export { moneyByMonth, movementsBetween } from './transactions/spend.ts';
export type { MonthOfMoney } from './transactions/spend.ts';
export { priceListOf, pricesLoaded } from './usage/prices.ts';
export type { PriceList } from './usage/prices.ts';
export { costOf, rateUse } from './usage/rating.ts';
export type { RatedUse, RatedUseOfKind } from './usage/rating.ts';
export { chargeCtes, chargedOf, usageReference } from './usage/charges.ts';
export {
  claimUsesCte,
  goodyBagsDrawnCte,
  goodyBagsLockedCte,
  membershipDrawCtes,
  membershipDrawnCte,
} from './usage/allowance-ctes.ts';
export type { Charged } from './usage/charges.ts';
export { chargeAndSettle, needsSettling, settleCharges } from './usage/settle.ts';
export { claimUse, reportedAgain, useReported } from './usage/again.ts';
export type { ReportedAgain } from './usage/again.ts';
export type { ChargedSim } from './usage/settle.ts';
export { unchargedState } from './usage/state.ts';
export { moneyJobs } from './jobs.ts';
export { sandboxToken } from './integrations/payments/index.ts';
export type { PaymentsAdapter } from './integrations/payments/index.ts';
export { payments, paymentsSettings } from './integrations/payments/integration.ts';
export { refundsSettings } from './integrations/refunds/integration.ts';
