import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import { chatWords } from '../../../src/contract/chat.ts';
import { healthApi } from '../../../src/contract/health.schema.ts';
import { chatLines, chats, tickets } from '../../../src/server/db/schema.ts';
import { runChatJobs } from '../../../src/server/modules/care/chat.job.ts';
import { streamsSeen } from '../../../src/server/modules/care/chat/hub.ts';
import { chatwootDesk } from '../../../src/server/modules/care/integrations/chat/index.ts';
import { createMember } from '../support/builders.ts';
import { startChat } from '../support/chat.ts';
import { ok } from '../support/client.ts';
import { forEachDatabase, harnessApp } from '../support/harness.ts';

// docs/product/customer-care.md "Live chat": Chatwoot's contacts as its source has them (a user's
// token; a taken e-mail, number or identifier answered 422), and a chat the desk will not open.

type Call = { method: string; path: string; query: string; body: Record<string, unknown> };
const desk = (answer: (call: Call) => Response) => {
  const calls: Call[] = [];
  const standIn: typeof fetch = async (url, init) => {
    const u = new URL(String(url));
    const call = {
      method: init?.method ?? 'GET',
      path: u.pathname.replace('/api/v1/accounts/7', ''),
      query: u.search,
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {},
    };
    calls.push(call);
    return answer(call);
  };
  return {
    calls,
    adapter: chatwootDesk({ url: 'https://desk.example/api/v1/accounts/7', token: 'user-token', inboxId: 3 }, standIn),
  };
};

forEachDatabase('chat-desk', { seed: 'catalogue' }, (ctx) => {
  it("a member's contact that is taken (422) is found by its identifier, e-mail or number, exactly, across the search's pages", async () => {
    const c = ctx();
    const m = await createMember(c, { firstname: 'Niamh', lastname: 'Byrne' });
    const { calls, adapter } = desk((call) => {
      if (call.method === 'POST' && call.path === '/contacts')
        return Response.json({ message: 'Email has already been taken' }, { status: 422 });
      if (call.path === '/contacts/search') {
        const q = new URLSearchParams(call.query);
        const page = Number(q.get('page'));
        // The identifier's search finds only look-alikes; the address is on the second page, in capitals.
        if (q.get('q')?.startsWith('member-'))
          return Response.json({ payload: page === 1 ? [{ id: 40, identifier: `${q.get('q')}0` }] : [] });
        if (q.get('q') === m.email)
          return Response.json({
            payload:
              page === 1
                ? [{ id: 41, email: `x${m.email}` }]
                : page === 2
                  ? [{ id: 42, email: m.email.toUpperCase() }]
                  : [],
          });
        return Response.json({ payload: [] });
      }
      if (call.path === '/contacts/42/contact_inboxes') return Response.json({ source_id: 'src-42' });
      if (call.path === '/conversations') return Response.json({ id: 601 });
      return Response.json({ id: 1 });
    });
    const app = harnessApp(c, { chat: adapter });
    await startChat(app, { session: m.session });
    await vi.waitFor(() => expect(calls.some((x) => x.path === '/conversations')).toBe(true));
    expect(
      calls.filter((x) => x.path === '/contacts/search').map((x) => new URLSearchParams(x.query).get('page')),
    ).toEqual(['1', '2', '1', '2']);
    expect(calls.find((x) => x.path === '/conversations')!.body).toMatchObject({ source_id: 'src-42', contact_id: 42 });
  });

  it('a token the desk refuses (401) is on /panda/ready, not tried again, and the chat is kept as a message with the person told', async () => {
    const c = ctx();
    const { calls, adapter } = desk(() => Response.json({ error: 'You are not authorized' }, { status: 401 }));
    const app = harnessApp(c, { chat: adapter });
    const chat = await startChat(app);
    await vi.waitFor(async () => {
      const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
      expect(row!.deskError).toMatch(/^401: the chat desk refused CHAT_API_TOKEN/);
    });
    expect((await ok(app, healthApi.ready, {})).chat).toMatchObject({
      unopened: 1,
      last_error: expect.stringMatching(/^401/),
    });
    const before = calls.length;
    c.clock.advance(60_000);
    const ran = await runChatJobs({ db: c.handle.db, clock: () => c.clock.now, siteUrl: c.config.siteUrl }, adapter);
    expect(ran.unanswered).toBe(1);
    expect(calls).toHaveLength(before);
    const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row!.state).toBe('left');
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.id, row!.ticketId!));
    expect(ticket).toBeDefined();
    const lines = await c.handle.db.select().from(chatLines).where(eq(chatLines.chatId, chat.id));
    expect(lines.map((l) => l.body)).toContain(chatWords.unanswered);
  });

  it('a desk that keeps failing: tried once a minute, then the chat is kept as a message', async () => {
    const c = ctx();
    const { calls, adapter } = desk(() => new Response('busy', { status: 502 }));
    const app = harnessApp(c, { chat: adapter });
    const chat = await startChat(app);
    await vi.waitFor(async () => {
      const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
      expect(row!.deskAttempts).toBe(1);
    });
    for (let i = 0; i < 4; i += 1) {
      c.clock.advance(60_000);
      // The person's page stays open (its instance's beat): only the desk's refusals end the wait.
      await streamsSeen(c.handle.db, [chat.id], c.clock.now);
      await runChatJobs({ db: c.handle.db, clock: () => c.clock.now, siteUrl: c.config.siteUrl }, adapter);
    }
    const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({ deskAttempts: 5, state: 'left' });
    expect(calls.filter((x) => x.path === '/contacts')).toHaveLength(5);
  });
});
