import { CHAT_MESSAGES_PER_MINUTE, CHAT_WRONG_TOKENS_PER_MINUTE, CHATS_PER_WINDOW } from '../../../../contract/chat.ts';
import { chatApi } from '../../../../contract/chat.schema.ts';
import type { AppConfig } from '../../../config.ts';
import { byIp, limitBy } from '../../../http/limiters.ts';
import { patternOf, serveAll } from '../../../http/openapi.ts';
import { router } from '../../../http/router.ts';
import { identifySession } from '../../identity/index.ts';
import * as handle from './chat.handlers.ts';

/**
 * Live chat: the hours, a chat started by a member's session or a visitor (limited per address), its
 * conversation as events, the person's lines (limited per chat: a person types), leaving a message,
 * ending, rating, transcripts; a member's chats; the help desk's signed webhook. A chat's own
 * routes open it by its token first: a wrong token counts against the caller's address, and only a
 * matched one counts against the chat's lines, so nobody can use up another person's minute.
 */
export function chatRoutes(config: AppConfig) {
  const app = router();
  app.use(
    patternOf(chatApi.start),
    limitBy(config.rateLimit.windowMs, CHATS_PER_WINDOW, byIp('chat')),
    identifySession,
  );
  const wrongTokens = limitBy(60_000, CHAT_WRONG_TOKENS_PER_MINUTE, byIp('chat-token'));
  const lines = limitBy(60_000, CHAT_MESSAGES_PER_MINUTE, (c) => `chat-lines:${handle.openedChat(c)!.id}`);
  for (const e of [
    chatApi.chat,
    chatApi.events,
    chatApi.send,
    chatApi.leave,
    chatApi.end,
    chatApi.rate,
    chatApi.transcript,
  ])
    app.use(patternOf(e), async (c, next) => {
      // The pattern of a chat's own path also matches /chat/hours and /chat/desk-events: not a chat's.
      if (c.req.method !== e.method.toUpperCase() || !/^[0-9]+$/.test(c.req.param('chat_id') ?? '')) return next();
      if (!(await handle.openChat(c))) return wrongTokens(c, next);
      return e === chatApi.send ? lines(c, next) : next();
    });
  app.use(patternOf(chatApi.deskEvent), handle.signedByChatDesk);
  serveAll(app, chatApi, handle);
  return app;
}
