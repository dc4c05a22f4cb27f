/**
 * The privacy module's face: all that other modules, the app and the jobs may use of it.
 *
 * Privacy (docs/product/member-controls.md): a member's data exported and their account closed,
 * and what is kept how long.
 */
export { myDataRoutes } from './my-data/my-data.routes.ts';
export { privacyJobs } from './jobs.ts';
