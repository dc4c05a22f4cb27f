import type { authApi } from './auth.schema.ts';
import { route } from './endpoint.ts';

/** The log-in's and a member's nickname's endpoints as the browser calls them: routes typed by their endpoints, in a zod-free file (the island stays small). */
export const authRoutes = {
  logIn: route<typeof authApi.logIn>('post', '/panda/public/users/current', 'json-or-form'),
  firstLoginDone: route<typeof authApi.firstLoginDone>('put', '/panda/protected/users/{user_id}/extras/firstlogin'),
};
export const nicknameRoute = route<typeof authApi.nickname>('get', '/panda/public/users/{id}');
