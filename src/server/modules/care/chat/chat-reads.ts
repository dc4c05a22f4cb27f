import { createHash } from 'node:crypto';
import { and, asc, count, eq, gt, lt, or } from 'drizzle-orm';
import { chatReference, waitMinutesAt } from '../../../../contract/chat.ts';
import type { ChatLine, ChatView } from '../../../../contract/chat.schema.ts';
import { irishFormat } from '../../../../contract/irish-time.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { chatLines, chats, members, tickets } from '../../../db/schema.ts';
import type { Clock } from '../../../kernel/clock.ts';
import { answeredInLastHour } from './chat-lists.ts';

/** A chat as it is read: by its token or id, its lines, its place in the queue, its transcript. */

/** What reads and changes of chats need: the database and the clock. */
export interface ChatContext {
  db: Database;
  clock: Clock;
}
export type Chat = typeof chats.$inferSelect;
export type Line = typeof chatLines.$inferSelect;

export const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The chat with this number, when the token is its own. */
export async function chatByToken(db: Database, id: number, token: string | undefined): Promise<Chat | undefined> {
  if (!token || token.length > 100) return undefined;
  const [row] = await db
    .select()
    .from(chats)
    .where(and(eq(chats.id, id), eq(chats.tokenHash, hashOf(token))));
  return row;
}

export const chatById = async (db: Queryable, id: number): Promise<Chat | undefined> =>
  (await db.select().from(chats).where(eq(chats.id, id)))[0];

/** The lines after `afterId` (0: all), in order. */
export const linesAfter = (db: Queryable, chatId: number, afterId = 0, limit = 500) =>
  db
    .select()
    .from(chatLines)
    .where(and(eq(chatLines.chatId, chatId), gt(chatLines.id, afterId)))
    .orderBy(asc(chatLines.id))
    .limit(limit);

export const lineOf = (l: Line): ChatLine => ({
  id: l.id,
  author: l.author,
  name: l.name,
  body: l.body,
  at: l.createdAt.toISOString(),
});

/** A waiting chat's place in the queue (1: next), and a rough wait from the last hour's answers. */
export async function queueOf(
  db: Queryable,
  chat: Chat,
  now: Date,
): Promise<{ place: number; waitMinutes: number | null }> {
  const [ahead] = await db
    .select({ n: count() })
    .from(chats)
    .where(
      and(
        eq(chats.state, 'waiting'),
        or(lt(chats.createdAt, chat.createdAt), and(eq(chats.createdAt, chat.createdAt), lt(chats.id, chat.id))),
      ),
    );
  const place = (ahead?.n ?? 0) + 1;
  return { place, waitMinutes: waitMinutesAt(place, await answeredInLastHour(db, now)) };
}

/** The chat as its person reads it (lines: all, unless the caller streams them itself). */
export async function viewOf(
  { db, clock }: ChatContext,
  chat: Chat,
  lines: Line[] | undefined,
  mailed: boolean,
): Promise<ChatView> {
  const queue = chat.state === 'waiting' ? await queueOf(db, chat, clock()) : undefined;
  const [ticket] = chat.ticketId
    ? await db.select({ reference: tickets.reference }).from(tickets).where(eq(tickets.id, chat.ticketId))
    : [];
  return {
    reference: chatReference(chat.id),
    state: chat.state,
    verified: chat.verified,
    agent: chat.agentName,
    place: queue?.place ?? null,
    wait_minutes: queue?.waitMinutes ?? null,
    rating: chat.rating,
    ticket: ticket?.reference ?? null,
    mailed,
    lines: (lines ?? []).map(lineOf),
  };
}

/** Whether the chat's transcript goes by mail when it ends: a member's, to an address they verified. */
export async function transcriptMailed(db: Queryable, chat: Chat): Promise<boolean> {
  if (!chat.verified || chat.memberId === null) return false;
  const [m] = await db.select({ v: members.isVerified }).from(members).where(eq(members.id, chat.memberId));
  return m?.v === true;
}

const lineTime = irishFormat({ hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const longDate = irishFormat({
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The transcript as plain text: what a download gives and the mail carries. */
export function transcriptOf(chat: Chat, lines: Line[], you = 'You'): string {
  const who = (l: Line) => (l.author === 'person' ? you : l.author === 'agent' ? (l.name ?? '48') : '48');
  return [
    `Chat with 48, ${chatReference(chat.id)}`,
    `Started ${longDate.format(chat.createdAt)} (Irish time)${chat.agentName ? `, with ${chat.agentName}` : ''}`,
    '',
    ...lines.map((l) => `[${lineTime.format(l.createdAt)}] ${who(l)}: ${l.body}`),
    '',
  ].join('\n');
}
