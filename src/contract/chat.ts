/**
 * Live chat with a person (docs/product/customer-care.md, "Live chat"): the figures and words the
 * chat shows, zod-free so that the chat's own script (loaded when "Chat with us" is pressed) carries
 * no schema library.
 */

/** A message's length, either side. */
export const CHAT_MESSAGE_MAX = 2000;
/** A visitor's chats started from one address in the rate limit's window. */
export const CHATS_PER_WINDOW = 5;
/** Messages a person may send in a minute (a person types; a script does not get to flood an agent). */
export const CHAT_MESSAGES_PER_MINUTE = 30;
/** Requests with a chat number and a wrong token one address may make in a minute (a person holds the right one). */
export const CHAT_WRONG_TOKENS_PER_MINUTE = 30;

/** Where a chat stands: waiting for an agent, talking with one, ended, or left as a message (a ticket). */
export const CHAT_STATES = ['waiting', 'talking', 'ended', 'left'] as const;
export type ChatState = (typeof CHAT_STATES)[number];
/** Who wrote a line of the conversation: the person, the agent, or the portal (joined, ended, left). */
export const CHAT_AUTHORS = ['person', 'agent', 'portal'] as const;
export type ChatAuthor = (typeof CHAT_AUTHORS)[number];
/** Who ended a chat ('closed': its page was closed while waiting, and nobody's stream came back). */
export const CHAT_ENDERS = ['person', 'agent', 'unanswered', 'message', 'closed'] as const;
/**
 * A waiting chat with no stream open on any instance for this long has been closed by its person: it
 * leaves the queue (kept as a message when they wrote something), so nobody waits behind it.
 */
export const CHAT_GONE_MINUTES = 2;
export type ChatEnder = (typeof CHAT_ENDERS)[number];

/** A chat's reference, from its number: what a member finds in my48 → Support and quotes. */
export const chatReference = (id: number) => `48-L-${String(id).padStart(6, '0')}`;
export const CHAT_REFERENCE_PATTERN = /^48-L-[0-9]{6}$/;

/** The rough wait at a place in the queue: the place × 60 ÷ the chats answered in the last hour (none: unknown). */
export const waitMinutesAt = (place: number, answeredLastHour: number): number | null =>
  answeredLastHour === 0 ? null : Math.max(1, Math.round((place * 60) / answeredLastHour));

/** The place in the queue and the rough wait ("You are number 2 in the queue: about 3 minutes."). */
export function queueText(place: number, minutes: number | null): string {
  const where = place <= 1 ? 'You are next in the queue' : `You are number ${place} in the queue`;
  if (minutes === null) return `${where}. We will be with you as soon as we can.`;
  return `${where}: about ${minutes <= 1 ? '1 minute' : `${minutes} minutes`}.`;
}

/** What the chat says while closed: when it opens next. */
export const opensText = (time: string, day: string) => `Chat opens at ${time} ${day}`;

export const chatWords = {
  button: 'Chat with us',
  title: 'Chat with 48',
  closed: 'Chat is closed now.',
  writeInstead: 'Send us a message instead',
  joined: (agent: string) => `${agent} joined the chat`,
  endedByPerson: 'You ended the chat.',
  endedByAgent: (agent: string) => `${agent} ended the chat.`,
  unanswered:
    'Nobody could answer in time, so we have kept the chat as a message: a person from our team will answer by e-mail.',
  left: 'We have kept the chat as a message: a person from our team will answer by e-mail.',
  closedWhileWaiting: 'The chat ended: its page was closed before a person from our team joined.',
  visitorNote:
    'You are not signed in, so we will not see your account. We ask for your e-mail address only to answer you by e-mail if the chat ends before a person from our team joins it; we do not e-mail you the transcript (download it at the end).',
} as const;
