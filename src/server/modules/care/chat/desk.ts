import { and, asc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { chatReference } from '../../../../contract/chat.ts';
import type { DeskChatEvent } from '../../../../contract/chat.schema.ts';
import { chatLines, chats } from '../../../db/schema.ts';
import type { ChatDeskAdapter } from '../integrations/chat/index.ts';
import { describedContactPreferencesOf } from '../../identity/index.ts';
import { agentSays, endChat, type ChatContext } from './chats.ts';

/**
 * The help desk's side of live chat (docs/product/customer-care.md, "Live chat"): what the portal
 * kept is handed to the desk after (a conversation for each chat, the person's lines in order), and
 * what the desk's webhook says comes in as the agent's lines and the end of the chat.
 */
const busy = new Set<number>();

/** Hands a chat to the desk as far as it can: its conversation, then the person's lines not yet there. Never throws. */
export async function forwardChat(ctx: ChatContext, desk: ChatDeskAdapter, chatId: number): Promise<boolean> {
  if (desk.sandbox || busy.has(chatId)) return true;
  busy.add(chatId);
  try {
    const { db, clock } = ctx;
    const [chat] = await db.select().from(chats).where(eq(chats.id, chatId));
    if (!chat) return true;
    let deskId = chat.deskId;
    if (!deskId) {
      if (chat.state === 'left') return true; // it is a ticket now: the tickets' desk has it
      deskId = await desk.open({
        reference: chatReference(chat.id),
        name: chat.name,
        email: chat.email,
        msisdn: chat.msisdn,
        verified: chat.verified,
        memberId: chat.memberId,
        contactPreferences: chat.memberId === null ? null : await describedContactPreferencesOf(db, chat.memberId),
      });
      await db
        .update(chats)
        .set({ deskId })
        .where(and(eq(chats.id, chatId), isNull(chats.deskId)));
    }
    const waiting = await db
      .select()
      .from(chatLines)
      .where(and(eq(chatLines.chatId, chatId), eq(chatLines.author, 'person'), isNull(chatLines.forwardedAt)))
      .orderBy(asc(chatLines.id));
    for (const line of waiting) {
      await desk.say(deskId, line.body);
      await db.update(chatLines).set({ forwardedAt: clock() }).where(eq(chatLines.id, line.id));
    }
    if (chat.state === 'ended' && chat.endedBy === 'person') await desk.end(deskId).catch(() => {});
    return true;
  } catch {
    return false;
  } finally {
    busy.delete(chatId);
  }
}

/** The minute job: chats the desk does not fully have yet (a line older than half a minute, a chat with no conversation). */
export async function forwardChats(ctx: ChatContext, desk: ChatDeskAdapter): Promise<number> {
  if (desk.sandbox) return 0;
  const stale = new Date(ctx.clock().getTime() - 30_000);
  const lines = await ctx.db
    .selectDistinct({ chatId: chatLines.chatId })
    .from(chatLines)
    .where(and(eq(chatLines.author, 'person'), isNull(chatLines.forwardedAt), lt(chatLines.createdAt, stale)))
    .limit(100);
  const unopened = await ctx.db
    .select({ chatId: chats.id })
    .from(chats)
    .where(and(isNull(chats.deskId), inArray(chats.state, ['waiting', 'talking']), lt(chats.createdAt, stale)))
    .limit(100);
  let handed = 0;
  for (const id of new Set([...lines, ...unopened].map((r) => r.chatId)))
    if (await forwardChat(ctx, desk, id)) handed += 1;
  return handed;
}

/** What the desk's webhook means: an agent's line, the conversation resolved (the chat ends), or nothing for us. */
export async function takeDeskEvent(
  ctx: ChatContext,
  event: DeskChatEvent,
  siteUrl: string,
): Promise<'taken' | 'ignored'> {
  const conversationId =
    event.event === 'conversation_status_changed' ? (event.id ?? event.conversation?.id) : event.conversation?.id;
  if (conversationId === undefined) return 'ignored';
  const [chat] = await ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(eq(chats.deskId, String(conversationId)));
  if (!chat) return 'ignored';
  if (event.event === 'message_created') {
    const outgoing = event.message_type === 'outgoing' || event.message_type === 1;
    const text = event.content?.trim();
    if (!outgoing || event.private || !text || event.id === undefined) return 'ignored';
    const said = await agentSays(
      ctx,
      chat.id,
      event.sender?.name?.trim() || '48',
      text.slice(0, 2000),
      String(event.id),
    );
    return said.ok ? 'taken' : 'ignored';
  }
  if (event.event === 'conversation_status_changed' && event.status === 'resolved') {
    await endChat(ctx, chat.id, 'agent', siteUrl);
    return 'taken';
  }
  return 'ignored';
}
