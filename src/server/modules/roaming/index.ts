/**
 * The roaming module's face: all that other modules, the app and the jobs may use of it.
 *
 * Roaming (docs/product/roaming.md): use abroad by country, the notices and the cap (use-
 * abroad.ts counts it for the network).
 */
import './listeners.ts';
export { roamingRoutes } from './roaming.routes.ts';
export { recordUseAbroad } from './roaming.ts';
export { letDataGoOnAbroad } from './roaming.service.ts';
