/**
 * The operations module's face: all that other modules, the app and the jobs may use of it.
 *
 * Operations (docs/product/operations.md): health and readiness.
 */
export { healthRoutes } from './health/health.routes.ts';
