import type { ChatDeskAdapter } from './integrations/chat/index.ts';
import type { TicketsAdapter } from './integrations/tickets/index.ts';
import type { ServiceContext } from '../../kernel/outcome.ts';
import type { MinuteJob } from '../../jobs/minute-job.ts';
import { describedContactPreferencesOf } from '../identity/index.ts';
import { pruneUploads } from './attachments.ts';
import { runChatJobs } from './chat.job.ts';
import { forwardTickets } from './tickets.job.ts';
import { pruneTickets, treatUnansweredAsComplaints } from './tickets.ts';

/** Customer care's jobs of the minute: tickets handed to the help desk, complaints by the clock, chats, what is past its keeping. */
export const careJobs = {
  forwardTickets: {
    key: 'tickets',
    said: 'tickets handed to the help desk',
    run: async (ctx) =>
      ctx.tickets ? forwardTickets(ctx, ctx.tickets, (id) => describedContactPreferencesOf(ctx.db, id)) : undefined,
  },
  complaints: {
    key: 'tickets',
    said: 'messages unanswered for 2 working days are now complaints',
    run: async (ctx) => (ctx.siteUrl ? treatUnansweredAsComplaints(ctx, ctx.siteUrl) : undefined),
  },
  chats: { key: 'chats', said: 'live chats moved on', run: (ctx) => runChatJobs(ctx, ctx.chat) },
  pruneTickets: { key: 'tickets', said: 'tickets closed over a year ago removed', run: (ctx) => pruneTickets(ctx) },
  pruneUploads: { key: 'uploads', said: 'attachments no message claimed removed', run: (ctx) => pruneUploads(ctx) },
} satisfies Record<
  string,
  MinuteJob<ServiceContext & { tickets?: TicketsAdapter; chat?: ChatDeskAdapter; siteUrl?: string }>
>;
