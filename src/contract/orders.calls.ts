import type { ordersApi } from './orders.schema.ts';
import { route } from './endpoint.ts';

/** The member's SIM orders as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
export const ordersRoute = route<typeof ordersApi.list>('get', '/panda/protected/users/{user_id}/orders');
