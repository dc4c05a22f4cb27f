import { route } from './endpoint.ts';
import type { creditBackApi } from './port-out-credit.schema.ts';

/**
 * The credit back the dashboard shows a member whose number moved away, as a route (method and path,
 * typed by its endpoint and checked by the compiler): a zod-free file, so the dashboard's first load
 * carries no schema library.
 */
export const creditBackRoutes = {
  list: route<typeof creditBackApi.list>('get', '/panda/protected/users/{user_id}/port-out/credits'),
};
