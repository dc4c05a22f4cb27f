import { randomBytes } from 'node:crypto';
import { and, asc, count, eq, isNotNull, isNull } from 'drizzle-orm';
import { chatReference, chatWords, type ChatAuthor, type ChatEnder } from '../../../../contract/chat.ts';
import type { ChatLine } from '../../../../contract/chat.schema.ts';
import type { Database, Queryable } from '../../../db/client.ts';
import { chatLines, chats, sims } from '../../../db/schema.ts';
import { sendMail } from '../../../integrations/mail/index.ts';
import { siteLink } from '../../../kernel/links.ts';
import { done, refused, type Outcome } from '../../../kernel/outcome.ts';
import { openTicket } from '../tickets.ts';
import { announceChat, announceQueue } from './hub.ts';
import {
  chatById,
  hashOf,
  lineOf,
  linesAfter,
  transcriptMailed,
  transcriptOf,
  type Chat,
  type ChatContext,
} from './chat-reads.ts';

/**
 * Live chats (docs/product/customer-care.md, "Live chat"): every change is one transaction that
 * stores it and announces it (hub.ts), so a browser reads only what is stored. Shared by the chat's
 * API, the help desk's side (the sandbox console, the webhook) and the minute job (unanswered chats).
 */
export type { Chat, ChatContext } from './chat-reads.ts';

export type Starter =
  | { member: { id: number; firstname: string | null; lastname: string | null; email: string } }
  | { visitor: { name: string; email: string } };

/** Starts a chat, waiting in the queue: a member's (their name, address and number) or a visitor's (not verified). */
export async function startChat({ db, clock }: ChatContext, who: Starter): Promise<{ chat: Chat; token: string }> {
  const token = randomBytes(24).toString('base64url');
  const now = clock();
  let person: { memberId: number | null; verified: boolean; name: string; email: string; msisdn: string | null };
  if ('member' in who) {
    const m = who.member;
    const [sim] = await db
      .select({ msisdn: sims.msisdn })
      .from(sims)
      .where(and(eq(sims.memberId, m.id), isNotNull(sims.msisdn)))
      .orderBy(asc(sims.createdAt))
      .limit(1);
    person = {
      memberId: m.id,
      verified: true,
      name: [m.firstname, m.lastname].filter(Boolean).join(' ') || m.email,
      email: m.email,
      msisdn: sim?.msisdn ?? null,
    };
  } else person = { memberId: null, verified: false, ...who.visitor, msisdn: null };
  const chat = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(chats)
      .values({ tokenHash: hashOf(token), ...person, state: 'waiting', createdAt: now })
      .returning();
    await announceQueue(tx);
    return row!;
  });
  return { chat, token };
}

const over = (c: Chat) => c.state === 'ended' || c.state === 'left';

/** Locks the chat's row for the change (two changes of one chat take turns). */
async function locked(tx: Queryable, id: number): Promise<Chat | undefined> {
  const [row] = await tx.select().from(chats).where(eq(chats.id, id)).for('update');
  return row;
}

async function addLine(
  tx: Queryable,
  chatId: number,
  author: ChatAuthor,
  body: string,
  at: Date,
  name: string | null = null,
) {
  const [row] = await tx.insert(chatLines).values({ chatId, author, name, body, createdAt: at }).returning();
  return row!;
}

/** A line from the chat's person: kept, then announced (to the agent's console, or handed to the help desk). */
export async function personSays(
  { db, clock }: ChatContext,
  chatId: number,
  body: string,
): Promise<Outcome<ChatLine, 'over'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat || over(chat)) return refused('over');
    const line = await addLine(tx, chatId, 'person', body, clock());
    await announceChat(tx, chatId);
    return done(lineOf(line));
  });
}

/** An agent takes a waiting chat: the person sees who joined, the queue moves on. */
export async function agentTakes(
  { db, clock }: ChatContext,
  chatId: number,
  agent: string,
): Promise<Outcome<null, 'over' | 'taken'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat || over(chat)) return refused('over');
    if (chat.state === 'talking') return refused('taken');
    await takeIn(tx, chat, agent, clock());
    return done(null);
  });
}

async function takeIn(tx: Queryable, chat: Chat, agent: string, now: Date) {
  await tx.update(chats).set({ state: 'talking', agentName: agent, answeredAt: now }).where(eq(chats.id, chat.id));
  await addLine(tx, chat.id, 'portal', chatWords.joined(agent), now);
  await announceChat(tx, chat.id);
  await announceQueue(tx);
}

/**
 * An agent's line (the console, or the help desk's webhook with its message id: each counts once).
 * A line to a waiting chat takes it first.
 */
export async function agentSays(
  { db, clock }: ChatContext,
  chatId: number,
  agent: string,
  body: string,
  deskMessageId?: string,
): Promise<Outcome<'said' | 'already', 'over'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat || over(chat)) return refused('over');
    const now = clock();
    if (deskMessageId) {
      const [seen] = await tx
        .select({ id: chatLines.id })
        .from(chatLines)
        .where(and(eq(chatLines.chatId, chatId), eq(chatLines.deskMessageId, deskMessageId)));
      if (seen) return done('already' as const);
    }
    if (chat.state === 'waiting') await takeIn(tx, chat, agent, now);
    await tx.insert(chatLines).values({
      chatId,
      author: 'agent',
      name: chat.agentName ?? agent,
      body,
      deskMessageId: deskMessageId ?? null,
      createdAt: now,
    });
    await announceChat(tx, chatId);
    return done('said' as const);
  });
}

const endLine = (by: ChatEnder, agent: string | null) =>
  by === 'person'
    ? chatWords.endedByPerson
    : by === 'agent'
      ? chatWords.endedByAgent(agent ?? '48')
      : by === 'closed'
        ? chatWords.closedWhileWaiting
        : chatWords.unanswered;

/** Marks the chat over inside `tx` and mails a member's transcript to their verified address. */
async function finish(
  tx: Queryable,
  chat: Chat,
  by: ChatEnder,
  now: Date,
  siteUrl: string,
  ticketId: number | null = null,
) {
  await tx
    .update(chats)
    .set({ state: by === 'message' || by === 'unanswered' ? 'left' : 'ended', endedBy: by, endedAt: now, ticketId })
    .where(eq(chats.id, chat.id));
  await addLine(tx, chat.id, 'portal', by === 'message' ? chatWords.left : endLine(by, chat.agentName), now);
  await announceChat(tx, chat.id);
  if (chat.state === 'waiting') await announceQueue(tx);
  // A chat closed while waiting, with nothing written, has no transcript worth a mail.
  if (by !== 'closed' && (await transcriptMailed(tx, chat))) {
    const ended = { ...chat, endedAt: now };
    await sendMail(tx, () => now, {
      to: chat.email,
      subject: `Your chat with 48: ${chatReference(chat.id)}`,
      body: [
        `Hi ${chat.name},`,
        '',
        `Here is your chat with us. You can find it in my48 → Support too: ${siteLink(siteUrl, '/my48/support')}`,
        '',
        transcriptOf(ended, await linesAfter(tx, chat.id, 0, 10_000)),
        '48',
      ].join('\n'),
    });
  }
}

/** Ends a chat (either side). Ending an ended chat changes nothing. */
export async function endChat(
  { db, clock }: ChatContext,
  chatId: number,
  by: 'person' | 'agent',
  siteUrl: string,
): Promise<Outcome<Chat, 'over'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat) return refused('over');
    if (!over(chat)) await finish(tx, chat, by, clock(), siteUrl);
    return done((await chatById(tx, chatId))!);
  });
}

/**
 * The chat becomes a message (a ticket, 48-T-…, with the chat so far), while nobody has taken it:
 * the person chose to, or nobody answered in time. One ticket, whichever comes first.
 */
export async function leaveMessage(
  { db, clock }: ChatContext,
  chatId: number,
  message: string | undefined,
  siteUrl: string,
  by: 'message' | 'unanswered' = 'message',
  /** Why nobody answered: nobody in time, or the help desk would not open the chat. */
  because: 'time' | 'desk' = 'time',
): Promise<Outcome<{ ticket: string }, 'over' | 'taken'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat || over(chat)) return refused('over');
    if (chat.state !== 'waiting') return refused('taken');
    return done(await keepAsMessage(tx, chat, clock(), message, siteUrl, by, because));
  });
}

async function keepAsMessage(
  tx: Queryable,
  chat: Chat,
  now: Date,
  message: string | undefined,
  siteUrl: string,
  by: 'message' | 'unanswered',
  because: 'time' | 'desk' | 'closed',
) {
  const so = await linesAfter(tx, chat.id, 0, 10_000);
  const text = [
    ...(message ? [message, ''] : []),
    by === 'unanswered'
      ? because === 'desk'
        ? 'This chat could not be opened at the help desk, so nobody could answer it. The chat so far:'
        : because === 'closed'
          ? 'The chat page was closed before anyone answered. The chat so far:'
          : 'Nobody answered this chat in time. The chat so far:'
      : 'Left as a message from a chat. The chat so far:',
    '',
    transcriptOf(chat, so, chat.name),
  ].join('\n');
  const opened = await openTicket(
    tx as unknown as Database,
    () => now,
    siteUrl,
    { memberId: chat.verified ? chat.memberId : null, copyToSender: await transcriptMailed(tx, chat) },
    {
      topic: 'Something else',
      name: chat.name,
      email: chat.email,
      msisdn: chat.msisdn,
      message: text.slice(0, 20_000),
    },
  );
  if (!opened.ok) throw new Error('a chat has no attachments');
  await finish(tx, { ...chat }, by, now, siteUrl, opened.value.id);
  return { ticket: opened.value.reference };
}

/**
 * A waiting chat whose page was closed (no stream on any instance since `before`) leaves the queue:
 * kept as a message when its person wrote something (we asked for the address to answer by e-mail),
 * else simply ended. A stream that came back meanwhile keeps it waiting.
 */
export async function closeGoneChat(
  { db, clock }: ChatContext,
  chatId: number,
  before: Date,
  siteUrl: string,
): Promise<Outcome<'message' | 'ended', 'over' | 'seen'>> {
  return db.transaction(async (tx) => {
    const chat = await locked(tx, chatId);
    if (!chat || chat.state !== 'waiting') return refused('over');
    if ((chat.streamSeenAt ?? chat.createdAt) >= before) return refused('seen');
    const now = clock();
    const [wrote] = await tx
      .select({ n: count() })
      .from(chatLines)
      .where(and(eq(chatLines.chatId, chatId), eq(chatLines.author, 'person')));
    if (wrote!.n > 0) {
      await keepAsMessage(tx, chat, now, undefined, siteUrl, 'unanswered', 'closed');
      return done('message' as const);
    }
    await finish(tx, chat, 'closed', now, siteUrl);
    return done('ended' as const);
  });
}

/** Rates an ended chat, once. */
export async function rateChat(
  { db }: ChatContext,
  chatId: number,
  rating: number,
): Promise<Outcome<number, 'notEnded' | 'rated'>> {
  const [row] = await db
    .update(chats)
    .set({ rating })
    .where(and(eq(chats.id, chatId), isNotNull(chats.endedAt), isNull(chats.rating)))
    .returning({ rating: chats.rating });
  if (row) return done(row.rating!);
  const chat = await chatById(db, chatId);
  return refused(chat?.endedAt ? 'rated' : 'notEnded');
}
