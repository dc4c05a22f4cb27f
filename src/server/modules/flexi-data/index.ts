/**
 * The flexi-data module's face: all that other modules, the app and the jobs may use of it.
 *
 * Flexible data (docs/product/flexible-data.md): The Safe, Carryover, Donate, Swap, Spot me,
 * Share and Add-ons, and the use at home counted against a membership's allowances (usage-at-
 * home.ts counts it for the network).
 */
import './listeners.ts';
export { flexiDataRoutes } from './flexi-data.routes.ts';
export { unusedOf } from './flexi-data.ts';
export { flexiDataJobs } from './jobs.ts';
export { sharingRules } from './sharing-rules.ts';
