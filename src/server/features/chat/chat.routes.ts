import { CHAT_MESSAGES_PER_MINUTE, CHATS_PER_WINDOW } from '../../../contract/chat.ts';
import { chatApi } from '../../../contract/chat.schema.ts';
import type { AppConfig } from '../../config.ts';
import { byIp, limitBy } from '../../http/limiters.ts';
import { patternOf, serveAll } from '../../http/openapi.ts';
import { router } from '../../http/router.ts';
import { identifySession } from '../../middleware/protect.ts';
import * as handle from './chat.handlers.ts';

/**
 * Live chat: the hours, a chat started by a member's session or a visitor (limited per address), its
 * conversation as events, the person's lines (limited per chat: a person types), leaving a message,
 * ending, rating, transcripts; a member's chats; the help desk's signed webhook.
 */
export function chatRoutes(config: AppConfig) {
  const app = router();
  app.use(
    patternOf(chatApi.start),
    limitBy(config.rateLimit.windowMs, CHATS_PER_WINDOW, byIp('chat')),
    identifySession,
  );
  app.use(
    patternOf(chatApi.send),
    limitBy(60_000, CHAT_MESSAGES_PER_MINUTE, (c) => `chat-lines:${c.req.param('chat_id') ?? ''}`),
  );
  app.use(patternOf(chatApi.deskEvent), handle.signedByChatDesk);
  serveAll(app, chatApi, handle);
  return app;
}
