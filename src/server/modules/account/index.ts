/**
 * The account module's face: all that other modules, the app and the jobs may use of it.
 *
 * The member's account as the dashboard reads it: the SIMs owned, this month's balance summary,
 * the segments.
 */
export { accountRoutes } from './account.routes.ts';
export { balanceSummary } from './balance-summary.ts';
