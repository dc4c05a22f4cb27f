import { SENDER_NOT_VERIFIED } from '../../../../../contract/contact.ts';
import type { HoursOverride } from '../../chat/hours.ts';

/**
 * The agent's side of live chat (docs/product/customer-care.md, "Live chat"): the help desk's chat
 * inbox in production (Chatwoot's API inbox), the sandbox console (/sandbox/helpdesk/chat) in the
 * embedded default. The portal keeps every chat and line first; the desk is told after, and what it
 * did not take is told again by the minute job.
 */
export interface ChatForDesk {
  reference: string;
  name: string;
  email: string;
  msisdn: string | null;
  /** From a member's signed-in session; without one the name and address are only what was typed. */
  verified: boolean;
  memberId: number | null;
  contactPreferences: string | null;
}

export interface ChatDeskAdapter {
  /** The sandbox console stands in (it reads the portal's tables: nothing is sent anywhere). */
  readonly sandbox: boolean;
  /** Forced hours: the sandbox's switch (open, closed, or the schedule); a real desk follows the schedule. */
  hours: HoursOverride;
  /** Opens the desk's conversation for a chat and answers its id; throws when the desk did not take it. */
  open(chat: ChatForDesk): Promise<string>;
  /** A line of the person's, to the conversation; throws when the desk did not take it. */
  say(deskId: string, body: string): Promise<void>;
  /** The chat ended on the portal's side. */
  end(deskId: string): Promise<void>;
  /** Where staff open a chat's conversation at the desk (null: the desk has not taken it yet). */
  linkTo(chat: { id: number; deskId: string | null }): string | null;
}

/** How many pages of a contact search are read for a contact that is taken (Chatwoot gives 15 a page). */
const CONTACT_SEARCH_PAGES = 20;

/** A refusal of the desk's: its HTTP status, when it answered one. */
export const deskStatusOf = (error: unknown) => (error as { status?: number } | undefined)?.status;

export const sandboxChatDesk = (): ChatDeskAdapter => ({
  sandbox: true,
  hours: 'schedule',
  async open(chat) {
    return chat.reference;
  },
  async say() {
    /* the console reads the lines from the database */
  },
  async end() {
    /* the console reads the state from the database */
  },
  linkTo: (chat) => `/sandbox/helpdesk/chat?chat=${chat.id}`,
});

/**
 * Chatwoot's application API for an API inbox: `url` is the account's API root
 * (https://desk.example.ie/api/v1/accounts/1), `token` a user's api_access_token (an agent's or an
 * administrator's profile token): Chatwoot refuses an agent bot's token on contacts (its
 * BOT_ACCESSIBLE_ENDPOINTS), so a bot's token cannot open a chat (401).
 * A chat is a contact (a member's found again by their identifier; a visitor's made new each time,
 * without the address as a key, so an unproven address never joins anyone's contact) and a
 * conversation; the person's lines are its incoming messages; a private note tells the agent who it is.
 */
export function chatwootDesk(
  config: { url: string; token: string; inboxId: number },
  fetchImpl: typeof fetch = fetch,
): ChatDeskAdapter {
  const base = config.url.replace(/\/$/, '');
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetchImpl(`${base}${path}`, {
      method,
      headers: { 'content-type': 'application/json', api_access_token: config.token },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(5000),
    });
    if (!res.ok)
      throw Object.assign(new Error(`the chat desk answered ${res.status} to ${method} ${path}`), {
        status: res.status,
      });
    return (await res.json().catch(() => ({}))) as Record<string, unknown>;
  };
  const contactOf = async (chat: ChatForDesk): Promise<{ id: number; sourceId: string }> => {
    const identifier = chat.verified && chat.memberId !== null ? `member-${chat.memberId}` : undefined;
    const made = (answer: Record<string, unknown>) => {
      const p = (answer['payload'] ?? answer) as { contact?: { id?: number }; contact_inbox?: { source_id?: string } };
      if (!p.contact?.id || !p.contact_inbox?.source_id) throw new Error('the chat desk gave no contact');
      return { id: p.contact.id, sourceId: p.contact_inbox.source_id };
    };
    try {
      return made(
        await call('POST', '/contacts', {
          inbox_id: config.inboxId,
          name: chat.verified ? chat.name : `${chat.name} (not verified)`,
          ...(identifier ? { identifier, email: chat.email } : {}),
          ...(chat.msisdn && chat.verified ? { phone_number: `+353${chat.msisdn.slice(1)}` } : {}),
          custom_attributes: { verified: chat.verified, ...(chat.verified ? {} : { typed_email: chat.email }) },
        }),
      );
    } catch (error) {
      if (!identifier || (error as { status?: number }).status !== 422) throw error;
      // Taken already: the identifier, the e-mail address or the number belongs to a contact. Each is
      // looked for, exactly, across the search's pages; that contact gets a way into this inbox.
      const phone = chat.msisdn && chat.verified ? `+353${chat.msisdn.slice(1)}` : undefined;
      const contact = await findContact({ identifier, email: chat.email, phone });
      if (!contact) throw error;
      const inbox = (await call('POST', `/contacts/${contact.id}/contact_inboxes`, { inbox_id: config.inboxId })) as {
        source_id?: string;
      };
      if (!inbox.source_id) throw new Error('the chat desk gave no contact inbox');
      return { id: contact.id, sourceId: inbox.source_id };
    }
  };
  type Found = { id: number; identifier?: string | null; email?: string | null; phone_number?: string | null };
  const findContact = async (keys: { identifier: string; email: string; phone: string | undefined }) => {
    const matches = (c: Found) =>
      c.identifier === keys.identifier ||
      (!!c.email && c.email.toLowerCase() === keys.email.toLowerCase()) ||
      (!!keys.phone && c.phone_number === keys.phone);
    for (const q of [keys.identifier, keys.email, keys.phone].filter((k): k is string => !!k))
      for (let page = 1; page <= CONTACT_SEARCH_PAGES; page += 1) {
        const found = await call('GET', `/contacts/search?q=${encodeURIComponent(q)}&page=${page}`);
        const list = (found['payload'] ?? []) as Found[];
        const hit = list.find(matches);
        if (hit) return hit;
        if (list.length === 0) break;
      }
    return undefined;
  };
  // The agent's screen of a conversation: the account's app, not its API root.
  const app = base.replace(/\/api\/v1\/accounts\//, '/app/accounts/');
  return {
    sandbox: false,
    hours: 'schedule',
    linkTo: (chat) => (chat.deskId ? `${app}/conversations/${encodeURIComponent(chat.deskId)}` : null),
    async open(chat) {
      const contact = await contactOf(chat);
      const conversation = await call('POST', '/conversations', {
        source_id: contact.sourceId,
        inbox_id: config.inboxId,
        contact_id: contact.id,
        status: 'open',
        custom_attributes: { reference: chat.reference, verified: chat.verified },
      });
      const id = conversation['id'];
      if (id === undefined || id === null) throw new Error('the chat desk gave no conversation');
      await call('POST', `/conversations/${String(id)}/messages`, {
        content: [
          `${chat.reference}: ${chat.name} <${chat.email}>${chat.msisdn ? `, ${chat.msisdn}` : ''}`,
          chat.verified ? 'Signed in to my48: the account is theirs.' : SENDER_NOT_VERIFIED,
          ...(chat.contactPreferences ? [`How to contact them: ${chat.contactPreferences}`] : []),
        ].join('\n'),
        message_type: 'outgoing',
        private: true,
      });
      return String(id);
    },
    async say(deskId, body) {
      await call('POST', `/conversations/${encodeURIComponent(deskId)}/messages`, {
        content: body,
        message_type: 'incoming',
        private: false,
      });
    },
    async end(deskId) {
      await call('POST', `/conversations/${encodeURIComponent(deskId)}/toggle_status`, { status: 'resolved' });
    },
  };
}
