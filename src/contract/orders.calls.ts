import { route } from './endpoint.ts';
import type { ordersApi } from './orders.schema.ts';

/** The orders calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const ordersRoutes = {
  list: route<typeof ordersApi.list>('get', '/panda/protected/users/{user_id}/orders'),
};
