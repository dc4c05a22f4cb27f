import type { ChatDeskAdapter } from './integrations/chat/index.ts';
import { CHAT_GONE_MINUTES } from '../../../contract/chat.ts';
import { goneChats, pruneChats, unansweredChats } from './chat/chat-lists.ts';
import { closeGoneChat, leaveMessage } from './chat/chats.ts';
import { forwardChat, forwardChats, unopenedChats } from './chat/desk.ts';
import { chatHoursFile } from './chat/hours.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';

/**
 * Live chat's minute (docs/product/customer-care.md, "Live chat"): a waiting chat whose page was
 * closed (no stream on any instance for CHAT_GONE_MINUTES) leaves the queue; a chat nobody answered within
 * content/chat.yaml's minutes becomes a message (a ticket with the chat so far, answered by e-mail);
 * what the help desk does not have yet is handed over again; chats ended a year ago go.
 */
export async function runChatJobs(
  ctx: ServiceContext & { siteUrl?: string | undefined },
  desk: ChatDeskAdapter | undefined,
): Promise<{ gone: number; unanswered: number; forwarded: number; pruned: number }> {
  const now = ctx.clock();
  let unanswered = 0;
  let gone = 0;
  if (ctx.siteUrl) {
    const unseen = new Date(now.getTime() - CHAT_GONE_MINUTES * 60_000);
    for (const { id } of await goneChats(ctx.db, unseen))
      if ((await closeGoneChat(ctx, id, unseen, ctx.siteUrl)).ok) {
        gone += 1;
        // The help desk's conversation is resolved with it.
        if (desk) await forwardChat(ctx, desk, id);
      }
    const before = new Date(now.getTime() - chatHoursFile().unansweredMinutes * 60_000);
    for (const { id } of await unansweredChats(ctx.db, before))
      if ((await leaveMessage(ctx, id, undefined, ctx.siteUrl, 'unanswered')).ok) unanswered += 1;
  }
  const forwarded = desk ? await forwardChats(ctx, desk) : 0;
  // A chat the desk would not open after every try (or whose token it refuses) is kept as a message, and the person told.
  if (ctx.siteUrl && desk && !desk.sandbox)
    for (const { id } of await unopenedChats(ctx))
      if ((await leaveMessage(ctx, id, undefined, ctx.siteUrl, 'unanswered', 'desk')).ok) unanswered += 1;
  const pruned = await pruneChats(ctx.db, now);
  return { gone, unanswered, forwarded, pruned };
}
