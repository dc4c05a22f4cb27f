import type { chatApi } from './chat.schema.ts';
import { route } from './endpoint.ts';

/** A member's chats as my48 → Support calls them: routes typed by their endpoints, zod-free. */
export const chatRoutes = {
  memberChats: route<typeof chatApi.memberChats>('get', '/panda/protected/users/{user_id}/chats'),
  memberTranscript: route<typeof chatApi.memberTranscript>(
    'get',
    '/panda/protected/users/{user_id}/chats/{reference}/transcript',
  ),
};
