import type { ChatHours } from '../../../../contract/chat.schema.ts';
import type { members } from '../../../db/schema.ts';
import type { ChatDeskAdapter } from '../integrations/chat/index.ts';
import { chatsOfMember } from './chat-lists.ts';
import { chatById, linesAfter, transcriptMailed, transcriptOf, viewOf, type Chat } from './chat-reads.ts';
import { startChat } from './chats.ts';
import { forwardChat } from './desk.ts';
import { chatHoursFile, hoursAt } from './hours.ts';
import { done, refused, type Outcome, type ServiceContext } from '../../../kernel/outcome.ts';
import { chatReference, CHAT_REFERENCE_PATTERN } from '../../../../contract/chat.ts';

/**
 * Live chat (docs/product/customer-care.md, "Live chat"): the hours, starting (a member's session
 * or a visitor's name and address), and what a chat's person or a member reads. The conversation's
 * changes are chat's own rules (chat/chats.ts), so the desk's side makes them the same way.
 */
type Member = typeof members.$inferSelect;

export function hoursNow({ clock }: ServiceContext, desk: ChatDeskAdapter): ChatHours {
  const h = hoursAt(clock(), chatHoursFile(), desk.hours);
  return { open: h.open, opens_at: h.opensAt?.toISOString() ?? null, opens_text: h.opensText };
}

export async function start(
  ctx: ServiceContext,
  desk: ChatDeskAdapter,
  signedIn: Member | undefined,
  typed: { name?: string | undefined; email?: string | undefined },
  /** Whether the visitor answered the captcha (as on the contact form): checked only for a visitor. */
  personAnswered: () => Promise<boolean>,
): Promise<Outcome<{ chat: Chat; token: string; mailed: boolean }, 'closed' | 'who' | 'captchaFailed'>> {
  const hours = hoursNow(ctx, desk);
  if (!hours.open) return refused('closed');
  // Who is chatting is what the session proves; what a visitor typed is only that, and a visitor
  // proves a person is there before anything is kept or mailed.
  let started;
  if (signedIn) started = await startChat(ctx, { member: signedIn });
  else if (typed.name && typed.email) {
    if (!(await personAnswered())) return refused('captchaFailed');
    started = await startChat(ctx, { visitor: { name: typed.name, email: typed.email } });
  } else return refused('who');
  void forwardChat(ctx, desk, started.chat.id);
  return done({ ...started, mailed: await transcriptMailed(ctx.db, started.chat) });
}

/** The chat with all its lines, as its person reads it. */
export async function view(ctx: ServiceContext, chat: Chat) {
  return viewOf(ctx, chat, await linesAfter(ctx.db, chat.id, 0, 10_000), await transcriptMailed(ctx.db, chat));
}

export async function transcript({ db }: ServiceContext, chat: Chat): Promise<string> {
  return transcriptOf(chat, await linesAfter(db, chat.id, 0, 10_000));
}

export const memberChats = ({ db }: ServiceContext, memberId: number) => chatsOfMember(db, memberId);

/** One of the member's chats as text, by its reference. */
export async function memberTranscript(
  ctx: ServiceContext,
  memberId: number,
  reference: string,
): Promise<Outcome<{ text: string; reference: string }, 'notFound'>> {
  if (!CHAT_REFERENCE_PATTERN.test(reference)) return refused('notFound');
  const chat = await chatById(ctx.db, Number(reference.slice(5)));
  if (!chat || chat.memberId !== memberId) return refused('notFound');
  return done({ text: await transcript(ctx, chat), reference: chatReference(chat.id) });
}
