import { route } from './endpoint.ts';
import type { authApi } from './auth.schema.ts';

/** The auth calls a light page makes, typed by their endpoints: zod-free, so the page carries no schema library. */
export const authRoutes = {
  nickname: route<typeof authApi.nickname>('get', '/panda/public/users/{id}'),
};
