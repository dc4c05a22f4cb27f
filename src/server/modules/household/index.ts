/**
 * The household module's face: all that other modules, the app and the jobs may use of it.
 *
 * Household lines (docs/product/lifelines.md): an owner's lines, invitations, a line paid for by
 * its owner.
 */
import './listeners.ts';
export { householdRoutes } from './household.routes.ts';
export { householdJobs } from './jobs.ts';
export { closeHouseholdsOf } from './household.service.ts';
