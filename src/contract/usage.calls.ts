import type { usageApi } from './usage.schema.ts';
import { route } from './endpoint.ts';

/**
 * The Usage screen's endpoints as routes (method and path, typed by usage.schema.ts and checked by
 * the compiler): a zod-free file, so the screen carries no schema library.
 */
export const usageRoutes = {
  charts: route<typeof usageApi.charts>('get', '/panda/protected/users/{user_id}/sims/{ssn}/usage/charts'),
  statement: route<typeof usageApi.statement>('get', '/panda/protected/users/{user_id}/statement'),
};
