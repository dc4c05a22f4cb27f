import { z } from './zod.ts';
import {
  CHAT_AUTHORS,
  CHAT_MESSAGE_MAX,
  CHAT_REFERENCE_PATTERN,
  CHAT_STATES,
  CHAT_WRONG_TOKENS_PER_MINUTE,
  CHATS_PER_WINDOW,
} from './chat.ts';
import { failures } from './endpoint.ts';
import { captchaRule, emailRule, nameRule } from './forms.schema.ts';
import { messages } from './messages.ts';
import { endpointsOf, payload, UserParams } from './shared.schema.ts';

/**
 * Live chat with a person (docs/product/customer-care.md, "Live chat"). A chat is reached with the
 * token its start answered (the X-Chat-Token header: a capability held by the browser that started
 * it, never in an address); its conversation arrives as Server-Sent Events, resumed after the last
 * event the browser has (Last-Event-ID). The help desk's webhook brings the agent's side in production.
 */
export const ChatStart = z.object({
  name: nameRule('name').optional(),
  email: emailRule().optional(),
  /** A visitor's answer to the captcha, as the contact form's (a member's session needs none). */
  captcha: captchaRule.optional(),
});

export const ChatText = z.object({
  body: z
    .string({ error: 'Write a message.' })
    .trim()
    .min(1, { error: 'Write a message.' })
    .max(CHAT_MESSAGE_MAX, { error: `Keep a message under ${CHAT_MESSAGE_MAX.toLocaleString('en-IE')} characters.` }),
});

export const ChatLeave = z.object({
  message: z
    .string()
    .trim()
    .max(CHAT_MESSAGE_MAX, { error: `Keep it under ${CHAT_MESSAGE_MAX.toLocaleString('en-IE')} characters.` })
    .optional(),
});

export const ChatRating = z.object({
  rating: z
    .number({ error: 'rating must be a whole number from 1 to 5' })
    .int({ error: 'rating must be a whole number from 1 to 5' })
    .min(1, { error: 'rating must be a whole number from 1 to 5' })
    .max(5, { error: 'rating must be a whole number from 1 to 5' }),
});

const Hours = z
  .object({
    open: z.boolean().meta({ description: 'Whether a chat can start now' }),
    opens_at: z.string().nullable().meta({ description: 'When chat opens next (ISO 8601), while closed' }),
    opens_text: z.string().nullable().meta({ example: 'Chat opens at 9:00 on Monday' }),
  })
  .meta({ id: 'ChatHours' });
export type ChatHours = z.infer<typeof Hours>;

const Line = z
  .object({
    id: z.number().int().meta({ description: 'Increases through the chat: the event id to resume after' }),
    author: z.enum(CHAT_AUTHORS),
    name: z.string().nullable().meta({ description: "The agent's name on an agent's line" }),
    body: z.string().meta({ description: 'Plain text, as written (never HTML)' }),
    at: z.string(),
  })
  .meta({ id: 'ChatLine' });
export type ChatLine = z.infer<typeof Line>;

const Chat = z
  .object({
    reference: z.string().meta({ example: '48-L-000012' }),
    state: z.enum(CHAT_STATES),
    verified: z.boolean().meta({ description: "Started from a member's signed-in session (else: not verified)" }),
    agent: z.string().nullable(),
    place: z.number().int().nullable().meta({ description: 'Place in the queue while waiting (1: next)' }),
    wait_minutes: z.number().int().nullable().meta({ description: "A rough wait from the last hour's answers" }),
    rating: z.number().int().nullable(),
    ticket: z.string().nullable().meta({ description: 'The message (48-T-…) the chat became, if it did' }),
    mailed: z.boolean().meta({ description: 'The transcript is mailed when the chat ends (a verified address)' }),
    lines: z.array(Line),
  })
  .meta({ id: 'Chat' });
export type ChatView = z.infer<typeof Chat>;

const Started = Chat.extend({
  id: z.number().int(),
  token: z.string().meta({ description: 'Send it as X-Chat-Token with every call of this chat' }),
});

const ChatParams = z.object({ chat_id: z.string().regex(/^[0-9]{1,10}$/, { error: 'must be a number' }) });
const MemberChatParams = UserParams.extend({
  reference: z.string().regex(CHAT_REFERENCE_PATTERN, { error: 'must be a reference like 48-L-000123' }),
});

const Summary = z
  .object({
    reference: z.string(),
    state: z.enum(CHAT_STATES),
    agent: z.string().nullable(),
    started_at: z.string(),
    ended_at: z.string().nullable(),
    ticket: z.string().nullable(),
  })
  .meta({ id: 'ChatSummary' });
export type ChatSummary = z.infer<typeof Summary>;

/** The help desk's webhook (Chatwoot's events: message_created, conversation_status_changed). */
export const DeskChatEvent = z
  .looseObject({
    event: z.string().max(64),
    id: z.union([z.number(), z.string()]).optional(),
    content: z.string().nullable().optional(),
    message_type: z.union([z.string(), z.number()]).optional(),
    private: z.boolean().optional(),
    status: z.string().optional(),
    sender: z
      .looseObject({ name: z.string().nullable().optional(), type: z.string().optional() })
      .nullable()
      .optional(),
    conversation: z.looseObject({ id: z.union([z.number(), z.string()]) }).optional(),
  })
  .meta({ id: 'DeskChatEvent' });
export type DeskChatEvent = z.infer<typeof DeskChatEvent>;

const chat = '/panda/public/chat/{chat_id}';
const token = `The chat is named by its number and reached with its token (X-Chat-Token); ${CHAT_WRONG_TOKENS_PER_MINUTE} wrong tokens from one address in a minute`;
const wrongToken = { 404: 'No chat with this number and token', 429: 'Too many wrong tokens from this address' };

const endpoint = endpointsOf({ tag: 'Chat', access: 'public' });

export const chatApi = {
  hours: endpoint({
    id: 'chatHours',
    method: 'get',
    path: '/panda/public/chat/hours',
    summary:
      'Whether chat is open now (Irish time, the hours in content/chat.yaml, bank holidays), and when it opens next',
    answer: payload(Hours),
    description: 'The hours as they stand now',
  }),
  start: endpoint({
    id: 'chatStart',
    moves: 'none',
    method: 'post',
    path: '/panda/public/chat',
    summary: `Starts a chat. With a member's session (optional, as the contact form) it is the member's: their name, number and contact preferences go to the agent. Without one a name, an e-mail address and the captcha's answer (as the contact form's) are needed, shown to the agent as not verified, never joined to an account. ${CHATS_PER_WINDOW} from one address in the window`,
    body: ChatStart.meta({ id: 'ChatStartBody' }),
    status: 201,
    answer: payload(Started),
    description: 'Started: the chat, its number and its token',
    errors: {
      400: 'A visitor without a name or an e-mail address, or without a good captcha answer, or a field is wrong',
      409: 'Chat is closed now (the answer says when it opens)',
      429: 'Too many chats from this address',
    },
  }),
  chat: endpoint({
    id: 'chat',
    method: 'get',
    path: chat,
    summary: `The chat as it stands, with every line so far. ${token}`,
    params: ChatParams,
    answer: payload(Chat),
    description: 'The chat',
    errors: wrongToken,
  }),
  events: endpoint({
    id: 'chatEvents',
    method: 'get',
    path: `${chat}/events`,
    summary: `The chat as Server-Sent Events (text/event-stream): "chat" (the state: queue place, wait, agent) at once and on each change, then "line" for every line after Last-Event-ID (the header, or none: all), each with its id; a comment every 25 seconds keeps the connection. ${token}`,
    params: ChatParams,
    answer: z.string().meta({ description: 'text/event-stream' }),
    description: 'The stream (it ends when the chat has ended and everything is sent)',
    errors: wrongToken,
  }),
  send: endpoint({
    id: 'chatSend',
    moves: 'none',
    method: 'post',
    path: `${chat}/messages`,
    summary: `A line from the person: kept first, then announced to the agent wherever it is connected. ${token}`,
    params: ChatParams,
    body: ChatText.meta({ id: 'ChatText' }),
    status: 201,
    answer: payload(z.object({ line: Line })),
    description: 'Kept and announced',
    errors: {
      ...wrongToken,
      409: 'The chat has ended',
      429: 'Too many lines in a minute for this chat, or too many wrong tokens from this address',
    },
  }),
  leave: endpoint({
    id: 'chatLeave',
    moves: 'once',
    method: 'post',
    path: `${chat}/leave`,
    summary: `Leaves a message instead of waiting: a ticket (48-T-…) with the chat so far and this message, answered by e-mail; the chat ends. ${token}`,
    params: ChatParams,
    body: ChatLeave.meta({ id: 'ChatLeave' }),
    bodyRequired: false,
    answer: payload(z.object({ ticket: z.string() })),
    description: 'The ticket the chat became',
    errors: { ...wrongToken, 409: 'The chat has ended or an agent has it' },
  }),
  end: endpoint({
    id: 'chatEnd',
    moves: 'none',
    method: 'post',
    path: `${chat}/end`,
    summary: `Ends the chat (the transcript is mailed to a member's verified address). Ending an ended chat changes nothing. ${token}`,
    params: ChatParams,
    answer: payload(Chat),
    description: 'The chat, ended',
    errors: wrongToken,
  }),
  rate: endpoint({
    id: 'chatRate',
    moves: 'once',
    method: 'post',
    path: `${chat}/rating`,
    summary: `Rates an ended chat, 1 to 5, once. ${token}`,
    params: ChatParams,
    body: ChatRating.meta({ id: 'ChatRating' }),
    answer: payload(z.object({ rating: z.number().int() })),
    description: 'Rated',
    errors: { ...wrongToken, 409: 'Not ended yet, or rated already' },
  }),
  transcript: endpoint({
    id: 'chatTranscript',
    method: 'get',
    path: `${chat}/transcript`,
    summary: `The transcript as plain text (a download). ${token}`,
    params: ChatParams,
    answer: z.string().meta({ description: 'text/plain' }),
    description: 'The transcript',
    errors: wrongToken,
  }),
  memberChats: endpoint({
    id: 'memberChats',
    method: 'get',
    path: '/panda/protected/users/{user_id}/chats',
    access: 'member',
    summary: "The member's chats, newest first, each with its reference (my48 → Support)",
    answer: payload(z.object({ values: z.array(Summary) })),
    description: 'The chats',
  }),
  memberTranscript: endpoint({
    id: 'memberChatTranscript',
    method: 'get',
    path: '/panda/protected/users/{user_id}/chats/{reference}/transcript',
    access: 'member',
    summary: "One of the member's chats as plain text (a download)",
    params: MemberChatParams,
    answer: z.string().meta({ description: 'text/plain' }),
    description: 'The transcript',
    errors: { 404: 'The member has no chat with this reference' },
  }),
  deskEvent: endpoint({
    id: 'chatDeskEvent',
    moves: 'none',
    method: 'post',
    path: '/panda/public/chat/desk-events',
    summary:
      "The help desk's webhook (Chatwoot: message_created, conversation_status_changed), signed as Chatwoot signs them (X-Chatwoot-Signature: sha256= and the hex HMAC-SHA256 of the timestamp, a dot and the raw body; X-Chatwoot-Timestamp in seconds, 5-minute window), checked on every request whatever its content type. An agent's message counts once; a resolved conversation ends the chat",
    body: DeskChatEvent,
    answer: payload(z.object({ message: z.string() })),
    description: 'Taken (or nothing to take: another inbox, our own lines, a private note)',
    errors: {
      401: 'No good signature (checked before anything else)',
      404: 'No webhook here (no secret is configured)',
      413: 'The body is larger than 256 KB (refused before its signature is read)',
      415: 'The body is not application/json',
    },
  }),
};

export const chatFailures = failures('chat', {
  closed: { status: 409, message: 'Chat is closed now.' },
  who: { status: 400, message: 'Tell us your name and e-mail address to start a chat.' },
  captchaFailed: { status: 400, message: messages.captchaFailed },
  notFound: { status: 404, message: 'We could not find that chat.' },
  over: { status: 409, message: 'This chat has ended.' },
  taken: { status: 409, message: 'Someone from our team is with you now: tell them here.' },
  notEnded: { status: 409, message: 'You can rate the chat once it has ended.' },
  rated: { status: 409, message: 'You have rated this chat already.' },
  badSignature: { status: 401, message: 'Invalid or expired signature' },
});
