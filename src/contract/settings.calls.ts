import { route } from './endpoint.ts';
import type { settingsApi } from './settings.schema.ts';

/** The settings calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const settingsRoutes = {
  marketingPermissions: route<typeof settingsApi.marketingPermissions>(
    'get',
    '/panda/protected/users/{user_id}/marketing-permissions',
  ),
  saveMarketingPermissions: route<typeof settingsApi.saveMarketingPermissions>(
    'put',
    '/panda/protected/users/{user_id}/marketing-permissions',
  ),
};
