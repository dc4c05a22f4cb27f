import type { recruitApi } from './recruit.schema.ts';
import { route } from './endpoint.ts';

/** A recruiter's affiliate details as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
export const affiliateInfoRoute = route<typeof recruitApi.affiliateInfo>('get', '/panda/public/users/affiliateInfo');
