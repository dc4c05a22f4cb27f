/**
 * The privacy module's face: all that other modules, the app and the jobs may use of it.
 *
 * Privacy (docs/product/member-controls.md): a member's data exported and their account closed,
 * and what is kept how long.
 */
export { myDataRoutes } from './my-data/my-data.routes.ts';
export { ERASED_TEXT, NAMED_BY_ADDRESS, memberLinks } from './my-data/my-data.service.ts';
export { RETENTION, pruneGrowingTables } from './retention.ts';
export { privacyJobs } from './jobs.ts';
