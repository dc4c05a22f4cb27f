import type { settingsApi } from './settings.schema.ts';
import { route } from './endpoint.ts';

/** The marketing permissions as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
const permissionsPath = '/panda/protected/users/{user_id}/marketing-permissions';
export const marketingPermissionsRoutes = {
  read: route<typeof settingsApi.marketingPermissions>('get', permissionsPath),
  save: route<typeof settingsApi.saveMarketingPermissions>('put', permissionsPath),
};
