import { route } from './endpoint.ts';
import type { referralsApi } from './referrals.schema.ts';

/** The referrals calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const referralsRoutes = {
  list: route<typeof referralsApi.list>('get', '/panda/protected/users/{user_id}/getbuyapowareferrals'),
};
