import type { authApi } from './auth.schema.ts';
import { route } from './endpoint.ts';

/** A member's nickname as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
export const nicknameRoute = route<typeof authApi.nickname>('get', '/panda/public/users/{id}');
