import { and, asc, count, desc, eq, gt, gte, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { chatReference } from '../../../../contract/chat.ts';
import type { DeskChatEvent } from '../../../../contract/chat.schema.ts';
import { chatLines, chats } from '../../../db/schema.ts';
import { deskStatusOf, type ChatDeskAdapter } from '../integrations/chat/index.ts';
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
    if (chat.state === 'ended' && (chat.endedBy === 'person' || chat.endedBy === 'closed'))
      await desk.end(deskId).catch(() => {});
    return true;
  } catch (error) {
    await deskRefused(ctx, chatId, error).catch(() => {});
    return false;
  } finally {
    busy.delete(chatId);
  }
}

/** How often a chat's conversation is tried at the desk (once a minute) before the chat is kept as a message. */
export const DESK_OPEN_TRIES = 5;

/**
 * A chat the desk did not take: counted, with why. A token the desk refuses (401, 403) will not do
 * better on the next try: the chat is not tried again (the minute job keeps it as a message).
 */
async function deskRefused(ctx: ChatContext, chatId: number, error: unknown) {
  const status = deskStatusOf(error);
  const why =
    status === 401 || status === 403
      ? `${status}: the chat desk refused CHAT_API_TOKEN (it must be a user's access token, not an agent bot's)`
      : error instanceof Error
        ? error.message
        : String(error);
  await ctx.db
    .update(chats)
    .set({
      deskAttempts: status === 401 || status === 403 ? DESK_OPEN_TRIES : sql`${chats.deskAttempts} + 1`,
      deskError: why.slice(0, 500),
    })
    .where(and(eq(chats.id, chatId), isNull(chats.deskId)));
}

/** Chats waiting whose conversation the desk would not open after every try: the minute job keeps each as a message. */
export const unopenedChats = (ctx: ChatContext) =>
  ctx.db
    .select({ id: chats.id })
    .from(chats)
    .where(and(isNull(chats.deskId), eq(chats.state, 'waiting'), gte(chats.deskAttempts, DESK_OPEN_TRIES)))
    .limit(100);

/** /panda/ready's view of the chat desk: chats it has not opened after a failure, and the last reason (a day back). */
export async function chatDeskState(ctx: ChatContext) {
  const [open] = await ctx.db
    .select({ n: count() })
    .from(chats)
    .where(and(isNull(chats.deskId), inArray(chats.state, ['waiting', 'talking']), gt(chats.deskAttempts, 0)));
  const [last] = await ctx.db
    .select({ error: chats.deskError })
    .from(chats)
    .where(
      and(
        isNull(chats.deskId),
        isNotNull(chats.deskError),
        gte(chats.createdAt, new Date(ctx.clock().getTime() - 86_400_000)),
      ),
    )
    .orderBy(desc(chats.id))
    .limit(1);
  return { unopened: open?.n ?? 0, ...(last?.error ? { last_error: last.error } : {}) };
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
    .where(
      and(
        isNull(chats.deskId),
        inArray(chats.state, ['waiting', 'talking']),
        lt(chats.createdAt, stale),
        lt(chats.deskAttempts, DESK_OPEN_TRIES),
      ),
    )
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
