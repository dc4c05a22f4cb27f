import { route } from './endpoint.ts';
import type { recruitApi } from './recruit.schema.ts';

/** The recruit calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const recruitRoutes = {
  affiliateInfo: route<typeof recruitApi.affiliateInfo>('get', '/panda/public/users/affiliateInfo'),
};
