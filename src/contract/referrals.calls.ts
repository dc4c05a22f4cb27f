import type { referralsApi } from './referrals.schema.ts';
import { route } from './endpoint.ts';

/** The member's referrals as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
export const referralsRoute = route<typeof referralsApi.list>(
  'get',
  '/panda/protected/users/{user_id}/getbuyapowareferrals',
);
