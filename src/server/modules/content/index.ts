/**
 * The content module's face: all that other modules, the app and the jobs may use of it.
 *
 * Content (docs/product/operations.md): the CMS's webhooks, the catalogue, coverage.
 */
export { catalogueRoutes } from './catalogue/catalogue.routes.ts';
export { cmsRoutes } from './cms/cms.routes.ts';
export { coverageRoutes } from './coverage/coverage.routes.ts';
export { catalogue, catalogueSettings } from './integrations/catalogue/integration.ts';
export { geolocation, geolocationSettings } from './integrations/geolocation/integration.ts';
