import { z } from 'zod';
import { credential, httpsUrl, integration, type Integration, settings } from '../../../../integrations/integration.ts';
import { chatwootDesk, sandboxChatDesk, type ChatDeskAdapter } from './index.ts';
import { chatSandboxRoutes } from './sandbox.ts';

/**
 * Live chat's help desk (docs/product/customer-care.md, "Live chat"): a Chatwoot API inbox (the
 * account's API root, a token, the inbox) and the secret its webhooks are signed with; all four, or
 * none: the sandbox console at /sandbox/helpdesk/chat. Production requires them.
 */
export const chatSettings = settings({
  shape: {
    CHAT_API_URL: httpsUrl(),
    CHAT_API_TOKEN: credential(),
    CHAT_INBOX_ID: z.coerce.number().int().positive({ error: 'must be the inbox number' }).optional(),
    CHAT_WEBHOOK_SECRET: z.string().min(16, { error: 'must be at least 16 characters' }).optional(),
  },
  service: ['CHAT_API_URL', 'CHAT_API_TOKEN', 'CHAT_INBOX_ID', 'CHAT_WEBHOOK_SECRET'],
  adapter: (s): ChatDeskAdapter =>
    s.CHAT_API_URL && s.CHAT_API_TOKEN && s.CHAT_INBOX_ID
      ? chatwootDesk({ url: s.CHAT_API_URL, token: s.CHAT_API_TOKEN, inboxId: s.CHAT_INBOX_ID })
      : sandboxChatDesk(),
});

/** Live chat's desk: the sandbox console by default. */
export const chat: Integration<ChatDeskAdapter> = integration<ChatDeskAdapter>({
  create: () => sandboxChatDesk(),
  sandboxRoutes: (adapter) => (adapter.sandbox ? chatSandboxRoutes(adapter) : undefined),
});
