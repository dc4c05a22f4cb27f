/**
 * The controls module's face: all that other modules, the app and the jobs may use of it.
 *
 * Member controls (docs/product/member-controls.md): Settings → Security, the spend limit, a lost
 * SIM blocked and back, a new e-mail address proven, "this wasn't me" for a change to the line, and
 * the number lock.
 */
import './listeners.ts';
export { securityRoutes } from './security/security.routes.ts';
export { lineChangesRoutes } from './line-changes/line-changes.routes.ts';
export { numberLockRoutes } from './number-lock/number-lock.routes.ts';
export { controlsJobs } from './jobs.ts';
export {
  blockByFraudTeam,
  closeCase,
  endLockByFraudTeam,
  openCases,
  openCaseWhere,
  unblockByFraudTeam,
} from './fraud.ts';
