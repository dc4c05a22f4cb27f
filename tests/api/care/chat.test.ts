import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect, it, vi } from 'vitest';
import {
  chatWords,
  CHAT_MESSAGES_PER_MINUTE,
  CHAT_WRONG_TOKENS_PER_MINUTE,
  CHATS_PER_WINDOW,
} from '../../../src/contract/chat.ts';
import { chatApi, chatFailures } from '../../../src/contract/chat.schema.ts';
import { SENDER_NOT_VERIFIED } from '../../../src/contract/contact.ts';
import { createApp } from '../../../src/server/app.ts';
import { chatLines, chats, outbox, ticketEntries, tickets } from '../../../src/server/db/schema.ts';
import { chatwootDesk } from '../../../src/server/modules/care/integrations/chat/index.ts';
import { runChatJobs } from '../../../src/server/modules/care/chat.job.ts';
import { beatChatStreams } from '../../../src/server/modules/care/chat/hub.ts';
import { hoursAt, parseChatHours } from '../../../src/server/modules/care/chat/hours.ts';
import { createChatStore } from '../../../src/lib/chat/chat-store.ts';
import { answerTo } from '../../../src/lib/captcha-answer.ts';
import { createMember, deleteAccount } from '../support/builders.ts';
import { consoleStep, forceHours, openEvents, say, startChat } from '../support/chat.ts';
import { ok, refused, send } from '../support/client.ts';
import { forEachDatabase, fromPeer, solveCaptcha, type TestContext } from '../support/harness.ts';

const hours = parseChatHours(`
weekdays: { opens: '09:00', closes: '21:00' }
weekends_and_bank_holidays: { opens: '09:00', closes: '20:00' }
unanswered_minutes: 10
`);
const at = (iso: string) => hoursAt(new Date(iso), hours);

it('the hours: weekdays 9:00 to 21:00, weekends and bank holidays 9:00 to 20:00, Irish time; closed, when it opens next', () => {
  expect(at('2026-11-23T20:30:00Z').open).toBe(true); // Monday
  expect(at('2026-11-22T20:30:00Z')).toMatchObject({ open: false, opensText: 'Chat opens at 9:00 tomorrow' }); // Sunday
  expect(at('2026-11-23T21:00:00Z').open).toBe(false);
  expect(at('2026-11-28T08:59:00Z')).toMatchObject({ open: false, opensText: 'Chat opens at 9:00 today' });
  expect(at('2026-11-28T08:59:00Z').opensAt?.toISOString()).toBe('2026-11-28T09:00:00.000Z');
  // Christmas Day (a Friday) keeps bank-holiday hours; Christmas Eve, a Thursday, weekday hours.
  expect(at('2026-12-25T20:30:00Z').open).toBe(false);
  expect(at('2026-12-24T20:30:00Z').open).toBe(true);
  // Summer time: 9:00 in Dublin is 8:00 UTC.
  expect(at('2026-07-01T07:30:00Z').opensAt?.toISOString()).toBe('2026-07-01T08:00:00.000Z');
  expect(at('2026-07-01T08:00:00Z').open).toBe(true);
  expect(() =>
    parseChatHours(
      'weekdays: { opens: "21:00", closes: "09:00" }\nweekends_and_bank_holidays: { opens: "09:00", closes: "20:00" }\nunanswered_minutes: 10',
    ),
  ).toThrow(/open before/);
});

const lineBodies = (c: TestContext, id: number) =>
  c.handle.db.select().from(chatLines).where(eq(chatLines.chatId, id)).orderBy(chatLines.id);

forEachDatabase('chat', { seed: 'catalogue' }, (ctx) => {
  it('a visitor gives a name and an address; the chat waits in the queue, marked not verified for the agent', async () => {
    const c = ctx();
    await refused(c.app, chatApi.start, { body: { name: 'Aoife' } }, chatFailures.who);
    expect((await send(c.app, chatApi.start, { body: { name: 'Aoife', email: 'not an address' } })).status).toBe(400);
    const first = await startChat(c.app);
    expect(first.answer).toMatchObject({
      state: 'waiting',
      verified: false,
      place: 1,
      mailed: false,
      reference: expect.stringMatching(/^48-L-\d{6}$/),
    });
    const second = await startChat(c.app, { name: 'Seán Kelly', email: 'sean@example.org' });
    expect(second.answer.place).toBe(2);
    const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, first.id));
    expect(row).toMatchObject({ memberId: null, verified: false, name: 'Aoife Murphy', email: 'aoife@example.org' });
    expect(row!.tokenHash).not.toContain(first.token);
    const console = await (await c.app.request('/sandbox/helpdesk/chat')).text();
    expect(console).toContain(SENDER_NOT_VERIFIED);
    // Another token, or none, reaches nothing.
    await refused(
      c.app,
      chatApi.chat,
      { params: { chat_id: first.id }, headers: second.headers },
      chatFailures.notFound,
    );
    await refused(c.app, chatApi.chat, { params: { chat_id: first.id } }, chatFailures.notFound);
  });

  it('closed: no chat starts, and the answer says when chat opens next', async () => {
    const c = ctx();
    c.clock.now = new Date('2026-11-22T20:15:00Z'); // a Sunday evening
    const hoursNow = await ok(c.app, chatApi.hours, {});
    expect(hoursNow._payload).toEqual({
      open: false,
      opens_at: '2026-11-23T09:00:00.000Z',
      opens_text: 'Chat opens at 9:00 tomorrow',
    });
    const res = await send(c.app, chatApi.start, { body: { name: 'Aoife', email: 'aoife@example.org' } });
    expect(res.status).toBe(409);
    expect((await res.json())._payload).toMatchObject({
      code: chatFailures.closed.code,
      opens_text: 'Chat opens at 9:00 tomorrow',
    });
    // The sandbox's switch forces it open (for trying), and back to the schedule.
    await forceHours(c.app, true);
    expect((await ok(c.app, chatApi.hours, {}))._payload.open).toBe(true);
    await forceHours(c.app, 'schedule');
    expect((await ok(c.app, chatApi.hours, {}))._payload.open).toBe(false);
    expect((await forceHours(c.app, 'maybe' as never)).status).toBe(400);
  });

  it('a member’s chat is theirs: the session says who, not the body', async () => {
    const c = ctx();
    const member = await createMember(c, { firstname: 'Niamh', lastname: 'Byrne' });
    const chat = await startChat(c.app, { session: member.session });
    expect(chat.answer).toMatchObject({ verified: true, mailed: true });
    const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({
      memberId: member.userId,
      name: 'Niamh Byrne',
      email: member.email,
      msisdn: member.msisdn,
    });
  });

  it('messages both ways arrive as events in order; a reconnect with Last-Event-ID gets only what it lacks', async () => {
    const c = ctx();
    const chat = await startChat(c.app);
    const stream = await openEvents(c.app, chat);
    expect(stream.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    await stream.until(() => stream.states().some((s) => s.state === 'waiting' && s.place === 1));
    await say(c.app, chat, 'Hello, my data is not working');
    expect((await consoleStep(c.app, chat.id, 'take')).status).toBe(303);
    expect((await consoleStep(c.app, chat.id, 'answer', 'Hi, I am looking at it now')).status).toBe(303);
    await stream.until(() => stream.lines().length === 3 && stream.states().at(-1)?.state === 'talking');
    expect(stream.lines().map((l) => [l.author, l.body])).toEqual([
      ['person', 'Hello, my data is not working'],
      ['portal', 'Aoife joined the chat'],
      ['agent', 'Hi, I am looking at it now'],
    ]);
    expect(stream.states().at(-1)).toMatchObject({ state: 'talking', agent: 'Aoife', place: null });
    const ids = stream.events.filter((e) => e.event === 'line').map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    // The connection drops; lines keep coming; the browser comes back after the last id it had.
    await stream.close();
    await say(c.app, chat, '<b>Still</b> nothing');
    await consoleStep(c.app, chat.id, 'answer', 'Try restarting your phone');
    const again = await openEvents(c.app, chat, ids.at(-1));
    await again.until(() => again.lines().length === 2);
    expect(again.lines().map((l) => l.body)).toEqual(['<b>Still</b> nothing', 'Try restarting your phone']);
    await again.close();
    // Text only, 2,000 characters a line.
    expect(
      (
        await send(c.app, chatApi.send, {
          params: { chat_id: chat.id },
          headers: chat.headers,
          body: { body: 'x'.repeat(2001) },
        })
      ).status,
    ).toBe(400);
  });

  it('leave a message instead: a ticket with the chat so far, once; the stream says so and ends', async () => {
    const c = ctx();
    const chat = await startChat(c.app);
    await say(c.app, chat, 'Is my port-in done?');
    const stream = await openEvents(c.app, chat);
    const left = await ok(c.app, chatApi.leave, {
      params: { chat_id: chat.id },
      headers: chat.headers,
      body: { message: 'Please e-mail me' },
    });
    expect(left._payload.ticket).toMatch(/^48-T-\d{6}$/);
    await refused(
      c.app,
      chatApi.leave,
      { params: { chat_id: chat.id }, headers: chat.headers, body: {} },
      chatFailures.over,
    );
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, left._payload.ticket));
    expect(ticket).toMatchObject({ memberId: null, email: 'aoife@example.org', kind: 'ticket' });
    const [entry] = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticket!.id));
    expect(entry!.body).toContain('Please e-mail me');
    expect(entry!.body).toContain('Is my port-in done?');
    await stream.toEnd();
    expect(stream.states().at(-1)).toMatchObject({ state: 'left', ticket: left._payload.ticket });
  });

  it('nobody answers in 10 minutes: the chat becomes a message by itself', async () => {
    const c = ctx();
    const chat = await startChat(c.app);
    // The page stays open: its stream, and the instance's beat for it (every 30 s in a real process).
    const stream = await openEvents(c.app, chat);
    await stream.until(() => stream.states().some((s) => s.state === 'waiting'));
    const job = async () => {
      await beatChatStreams(c.handle.db);
      return runChatJobs({ db: c.handle.db, clock: () => c.clock.now, siteUrl: c.config.siteUrl }, undefined);
    };
    c.clock.advance(9 * 60_000);
    expect(await job()).toMatchObject({ unanswered: 0 });
    c.clock.advance(2 * 60_000);
    expect((await job()).unanswered).toBe(1);
    await stream.toEnd();
    const view = await ok(c.app, chatApi.chat, { params: { chat_id: chat.id }, headers: chat.headers });
    expect(view._payload).toMatchObject({ state: 'left', ticket: expect.stringMatching(/^48-T-/) });
    expect(view._payload.lines.at(-1)?.body).toMatch(/Nobody could answer in time/);
    // An agent cannot take it now.
    expect((await consoleStep(c.app, chat.id, 'take')).status).toBe(409);
  });

  it('a chat whose page was closed leaves the queue after 2 minutes without a stream; one still open stays, and moves up', async () => {
    const c = ctx();
    const job = async () => {
      await beatChatStreams(c.handle.db);
      return runChatJobs({ db: c.handle.db, clock: () => c.clock.now, siteUrl: c.config.siteUrl }, undefined);
    };
    // Ahead in the queue: one who wrote and closed the page, one who closed it without a word.
    const wrote = await startChat(c.app);
    await say(c.app, wrote, 'Is my port-in done?');
    const silent = await startChat(c.app);
    for (const gone of [wrote, silent]) {
      const page = await openEvents(c.app, gone);
      await page.until(() => page.states().some((s) => s.state === 'waiting'));
      await page.close();
    }
    // Behind them: two pages that stay open.
    const open = await startChat(c.app);
    const stream = await openEvents(c.app, open);
    await stream.until(() => (stream.states().at(-1)?.place ?? 0) >= 3);
    const next = await startChat(c.app);
    const behind = await openEvents(c.app, next);
    await behind.until(() => (behind.states().at(-1)?.place ?? 0) >= 4);
    c.clock.advance(90_000);
    expect((await job()).gone).toBe(0);
    c.clock.advance(60_000);
    expect((await job()).gone).toBeGreaterThanOrEqual(2);
    // Nobody is left ahead of the open page: it is next, and it is still waiting.
    // Each page's place comes from the instance's one read of the queue after the move.
    await stream.until(() => stream.states().at(-1)?.place === 1);
    await behind.until(() => behind.states().at(-1)?.place === 2);
    expect(stream.states().at(-1)).toMatchObject({ state: 'waiting' });
    // The one who wrote is answered by e-mail (we asked for the address for this); the silent one just ended.
    const left = await ok(c.app, chatApi.chat, { params: { chat_id: wrote.id }, headers: wrote.headers });
    expect(left._payload).toMatchObject({ state: 'left', ticket: expect.stringMatching(/^48-T-/) });
    const [ticket] = await c.handle.db.select().from(tickets).where(eq(tickets.reference, left._payload.ticket!));
    const [entry] = await c.handle.db.select().from(ticketEntries).where(eq(ticketEntries.ticketId, ticket!.id));
    expect(entry!.body).toContain('The chat page was closed before anyone answered.');
    expect(entry!.body).toContain('Is my port-in done?');
    const ended = await ok(c.app, chatApi.chat, { params: { chat_id: silent.id }, headers: silent.headers });
    expect(ended._payload).toMatchObject({ state: 'ended', ticket: null });
    expect(ended._payload.lines.at(-1)?.body).toBe(chatWords.closedWhileWaiting);
    // The open page's chat is not touched however long it waits for the beat's next minute.
    c.clock.advance(60_000);
    expect((await job()).gone).toBe(0);
    await stream.close();
    await behind.close();
  });

  it('ending, rating once, the transcript: downloaded by anyone with the chat, mailed only to a member’s verified address', async () => {
    const c = ctx();
    const member = await createMember(c);
    const chat = await startChat(c.app, { session: member.session });
    await say(c.app, chat, 'Thanks for the help');
    await consoleStep(c.app, chat.id, 'answer', 'You are welcome');
    const inChat = { params: { chat_id: chat.id }, headers: chat.headers };
    await refused(c.app, chatApi.rate, { ...inChat, body: { rating: 5 } }, chatFailures.notEnded);
    const ended = await ok(c.app, chatApi.end, inChat);
    expect(ended._payload.state).toBe('ended');
    await refused(c.app, chatApi.send, { ...inChat, body: { body: 'one more' } }, chatFailures.over);
    await ok(c.app, chatApi.rate, { ...inChat, body: { rating: 4 } });
    await refused(c.app, chatApi.rate, { ...inChat, body: { rating: 1 } }, chatFailures.rated);
    const download = await send(c.app, chatApi.transcript, { params: { chat_id: chat.id }, headers: chat.headers });
    expect(download.headers.get('content-disposition')).toMatch(/^attachment/);
    const text = await download.text();
    expect(text).toMatch(/You: Thanks for the help/);
    expect(text).toMatch(/Aoife: You are welcome/);
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, member.email));
    const mail = mails.find((m) => m.subject.startsWith('Your chat with 48'));
    expect(mail?.body).toContain('You: Thanks for the help');
    expect(mail?.body).toContain('https://www.48.ie/my48/support');
    // my48 → Support lists it with its reference, and gives the transcript.
    const list = await ok(c.app, chatApi.memberChats, { params: { user_id: member.userId }, session: member.session });
    expect(list._payload.values).toEqual([
      expect.objectContaining({ reference: ended._payload.reference, state: 'ended', agent: 'Aoife' }),
    ]);
    const own = await send(c.app, chatApi.memberTranscript, {
      params: { user_id: member.userId, reference: ended._payload.reference },
      session: member.session,
    });
    expect(await own.text()).toBe(text);
    // Another member gets nothing of it.
    const other = await createMember(c);
    await refused(
      c.app,
      chatApi.memberTranscript,
      { params: { user_id: other.userId, reference: ended._payload.reference }, session: other.session },
      chatFailures.notFound,
    );
    // A visitor's transcript is not mailed: nobody proved the address.
    const visitor = await startChat(c.app, { email: 'visitor@example.org' });
    await ok(c.app, chatApi.end, { params: { chat_id: visitor.id }, headers: visitor.headers });
    expect(await c.handle.db.select().from(outbox).where(eq(outbox.to, 'visitor@example.org'))).toEqual([]);
  });

  it('a member who deletes their account takes their chats with them (no record the code keeps)', async () => {
    const c = ctx();
    const member = await createMember(c);
    const chat = await startChat(c.app, { session: member.session });
    await say(c.app, chat, 'My address is 1 Main Street');
    expect((await deleteAccount(c, member)).status).toBe(200);
    expect(await c.handle.db.select().from(chats).where(eq(chats.id, chat.id))).toEqual([]);
    expect(await lineBodies(c, chat.id)).toEqual([]);
  });

  it(`a visitor starts at most ${CHATS_PER_WINDOW} chats in the window from one address`, async () => {
    const c = ctx();
    for (let i = 0; i < CHATS_PER_WINDOW; i++) await startChat(c.app);
    const res = await send(c.app, chatApi.start, { body: { name: 'Aoife', email: 'aoife@example.org' } });
    expect(res.status).toBe(429);
  });

  it('wrong tokens count against the address that sends them: nobody can use up another person’s minute of lines', async () => {
    const c = ctx();
    const owner = '198.51.100.7';
    const stranger = '203.0.113.66';
    const at = (peer: string, chatId: number, token: string, body: string) =>
      fromPeer(c.app, peer, `/panda/public/chat/${chatId}/messages`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-chat-token': token },
        body: JSON.stringify({ body }),
      });
    const chat = await startChat(c.app);
    // Chat numbers are sequential: a stranger guesses this one and sends wrong tokens, and is refused
    // 404 until their own address has used its minute, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < CHAT_WRONG_TOKENS_PER_MINUTE + 2; i++)
      statuses.push((await at(stranger, chat.id, `guess-${i}`, 'Stop')).status);
    expect(statuses.filter((s) => s === 404)).toHaveLength(CHAT_WRONG_TOKENS_PER_MINUTE);
    expect(statuses.slice(-2)).toEqual([429, 429]);
    // Any other route of the chat counts for that address too.
    const read = await fromPeer(c.app, stranger, `/panda/public/chat/${chat.id}`, {
      headers: { 'x-chat-token': 'guess' },
    });
    expect(read.status).toBe(429);
    // The person holding the token goes on talking, from their own address or the stranger's.
    expect((await at(owner, chat.id, chat.token, 'Hello, are you there?')).status).toBe(201);
    expect((await at(stranger, chat.id, chat.token, 'Same person, another network')).status).toBe(201);
    // A chat's own lines are still limited, per chat: a person types.
    const mine: number[] = [];
    for (let i = 0; i < CHAT_MESSAGES_PER_MINUTE; i++)
      mine.push((await at(owner, chat.id, chat.token, `line ${i}`)).status);
    expect(mine.filter((s) => s === 201)).toHaveLength(CHAT_MESSAGES_PER_MINUTE - 2);
    expect(mine.slice(-2)).toEqual([429, 429]);
    // Another chat's person is not touched by either.
    const other = await startChat(c.app, { name: 'Seán Kelly', email: 'sean@example.org' });
    expect((await at(owner, other.id, other.token, 'Hi')).status).toBe(201);
    // The hours and a number that is not a chat's are no chat's: not counted, not refused.
    for (let i = 0; i < 3; i++) expect((await fromPeer(c.app, stranger, '/panda/public/chat/hours')).status).toBe(200);
  });

  it('a visitor’s chat asks the contact form’s captcha, and the mail to an address nobody proved carries none of the visitor’s words', async () => {
    const c = ctx();
    const visitor = { name: 'Claim your prize at win.example', email: 'stranger@example.net' };
    const without = await send(c.app, chatApi.start, { body: visitor });
    expect([without.status, (await without.json())._payload.code]).toEqual([400, chatFailures.captchaFailed.code]);
    const captcha = await solveCaptcha(c.app);
    await refused(c.app, chatApi.start, { body: { ...visitor, captcha: 'not an answer' } }, chatFailures.captchaFailed);
    const chat = await startChat(c.app, { ...visitor, captcha });
    // An answer is good once.
    await refused(c.app, chatApi.start, { body: { ...visitor, captcha } }, chatFailures.captchaFailed);
    await say(c.app, chat, 'Your account is locked: log in at https://evil.example');
    const left = await ok(c.app, chatApi.leave, {
      params: { chat_id: chat.id },
      headers: chat.headers,
      body: { message: 'Send your bank details to win.example' },
    });
    const mails = await c.handle.db.select().from(outbox).where(eq(outbox.to, visitor.email));
    expect(mails.map((m) => m.subject)).toEqual([`Your message to 48: ${left._payload.ticket}`]);
    const body = mails[0]!.body;
    expect(body.startsWith('Hello,\n')).toBe(true);
    expect(body).toContain(left._payload.ticket);
    for (const typed of ['win.example', 'evil.example', 'Claim your prize', 'bank details'])
      expect(body).not.toContain(typed);
    // A member's session needs no captcha; their verified address is greeted by name.
    const member = await createMember(c, { firstname: 'Niamh', lastname: 'Byrne' });
    const theirs = await startChat(c.app, { session: member.session });
    await ok(c.app, chatApi.leave, { params: { chat_id: theirs.id }, headers: theirs.headers, body: {} });
    const [toMember] = await c.handle.db.select().from(outbox).where(eq(outbox.to, member.email));
    expect(toMember!.body.startsWith('Hi Niamh Byrne,')).toBe(true);
  });

  it('the chat desk (Chatwoot): the chat and its lines go out; its signed webhook brings the agent in, once, and ends the chat', async () => {
    const c = ctx();
    const calls: { method: string; path: string; body: Record<string, unknown> }[] = [];
    const standIn: typeof fetch = async (url, init) => {
      const path = new URL(String(url)).pathname.replace('/api/v1/accounts/7', '');
      const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : {};
      calls.push({ method: init?.method ?? 'GET', path, body });
      expect((init?.headers as Record<string, string>)['api_access_token']).toBe('desk-token');
      if (path === '/contacts')
        return Response.json({ payload: { contact: { id: 31 }, contact_inbox: { source_id: 'src-31' } } });
      if (path === '/conversations') return Response.json({ id: 501 });
      return Response.json({ id: calls.length });
    };
    const secret = 'chat-webhook-secret-0123456789';
    const app = createApp({
      db: c.handle.db,
      config: { ...c.config, chatWebhookSecret: secret },
      clock: () => c.clock.now,
      chat: chatwootDesk({ url: 'https://desk.example/api/v1/accounts/7', token: 'desk-token', inboxId: 3 }, standIn),
    });
    const chat = await startChat(app);
    await ok(app, chatApi.send, {
      params: { chat_id: chat.id },
      headers: chat.headers,
      body: { body: 'Can I keep my number?' },
    });
    await vi.waitFor(() => expect(calls.some((x) => x.body['message_type'] === 'incoming')).toBe(true));
    expect(calls[0]).toMatchObject({
      method: 'POST',
      path: '/contacts',
      body: { inbox_id: 3, name: 'Aoife Murphy (not verified)' },
    });
    expect(calls[0]!.body).not.toHaveProperty('email');
    expect(calls[1]).toMatchObject({
      path: '/conversations',
      body: { source_id: 'src-31', inbox_id: 3, contact_id: 31 },
    });
    expect(calls[2]).toMatchObject({ path: '/conversations/501/messages', body: { private: true } });
    expect(String(calls[2]!.body['content'])).toContain(SENDER_NOT_VERIFIED);
    expect(calls.at(-1)).toMatchObject({
      path: '/conversations/501/messages',
      body: { content: 'Can I keep my number?', message_type: 'incoming' },
    });

    const webhook = (payload: unknown, sign: { secret?: string; timestamp?: number; type?: string } = {}) => {
      const raw = JSON.stringify(payload);
      const timestamp = String(sign.timestamp ?? Math.floor(c.clock.now.getTime() / 1000));
      const signature = `sha256=${createHmac('sha256', sign.secret ?? secret)
        .update(`${timestamp}.${raw}`)
        .digest('hex')}`;
      return app.request(chatApi.deskEvent.path, {
        method: 'POST',
        headers: {
          'content-type': sign.type ?? 'application/json',
          'x-chatwoot-signature': signature,
          'x-chatwoot-timestamp': timestamp,
        },
        body: raw,
      });
    };
    const agentLine = {
      event: 'message_created',
      id: 9001,
      content: 'Yes, you can keep it',
      message_type: 'outgoing',
      private: false,
      sender: { name: 'Ciara', type: 'user' },
      conversation: { id: 501 },
    };
    expect((await webhook(agentLine, { secret: 'another-secret-0123456789' })).status).toBe(401);
    expect((await webhook(agentLine, { timestamp: Math.floor(c.clock.now.getTime() / 1000) - 3600 })).status).toBe(401);
    expect((await webhook(agentLine, { type: 'text/plain' })).status).toBe(415);
    expect((await webhook(agentLine)).status).toBe(200);
    expect((await webhook(agentLine)).status).toBe(200); // a retry counts once
    expect((await webhook({ ...agentLine, id: 9002, private: true, content: 'note to self' })).status).toBe(200);
    const lines = await lineBodies(c, chat.id);
    expect(lines.map((l) => [l.author, l.name, l.body])).toEqual([
      ['person', null, 'Can I keep my number?'],
      ['portal', null, 'Ciara joined the chat'],
      ['agent', 'Ciara', 'Yes, you can keep it'],
    ]);
    expect((await webhook({ event: 'conversation_status_changed', id: 501, status: 'resolved' })).status).toBe(200);
    const [row] = await c.handle.db.select().from(chats).where(eq(chats.id, chat.id));
    expect(row).toMatchObject({ state: 'ended', endedBy: 'agent', deskId: '501' });
    // Without a secret the webhook is not there.
    const { chatWebhookSecret: _configured, ...withoutSecret } = c.config;
    const unconfigured = createApp({ db: c.handle.db, config: withoutSecret });
    expect(
      (
        await unconfigured.request(chatApi.deskEvent.path, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        })
      ).status,
    ).toBe(404);
  });
});

forEachDatabase('chat-store', { seed: 'catalogue' }, (ctx) => {
  /** The browser's chat store, its fetch the app itself: what the view draws comes from the real API. */
  const storeOn = (c: TestContext, storage = new Map<string, string>()) =>
    createChatStore({
      fetch: ((input: RequestInfo | URL, init?: RequestInit) => c.app.request(String(input), init)) as typeof fetch,
      storage: {
        getItem: (k) => storage.get(k) ?? null,
        setItem: (k, v) => void storage.set(k, v),
        removeItem: (k) => void storage.delete(k),
      },
      sleep: () => new Promise((r) => setTimeout(r, 20)),
      answerCaptcha: (offer) => answerTo(offer, 'chat'),
    });

  it('the browser’s store: opens, starts, follows the conversation live, and a new page resumes it without losing or doubling a line', async () => {
    const c = ctx();
    const storage = new Map<string, string>();
    const store = storeOn(c, storage);
    await store.open();
    expect(store.$chat.get().phase).toBe('ready');
    await store.start({ name: 'Aoife Murphy', email: 'aoife@example.org' });
    expect(store.$chat.get()).toMatchObject({ phase: 'waiting', place: 1, verified: false });
    const id = Number(store.$chat.get().reference!.slice(5));
    await consoleStep(c.app, id, 'take');
    await consoleStep(c.app, id, 'answer', 'Hi there');
    await vi.waitFor(() =>
      expect(store.$chat.get().lines.map((l) => l.body)).toEqual(['Aoife joined the chat', 'Hi there']),
    );
    expect(store.$chat.get()).toMatchObject({ phase: 'talking', agent: 'Aoife' });
    expect(await store.send('My bundle ran out')).toBe(true);
    await new Promise((r) => setTimeout(r, 200));
    expect(store.$chat.get().lines.map((l) => l.body)).toEqual([
      'Aoife joined the chat',
      'Hi there',
      'My bundle ran out',
    ]);
    // The person goes to another page: this store stops; lines come meanwhile; the next page's store resumes.
    store.stop();
    await consoleStep(c.app, id, 'answer', 'I have added 1 GB');
    const next = storeOn(c, storage);
    await next.open();
    await vi.waitFor(() => expect(next.$chat.get().lines.at(-1)?.body).toBe('I have added 1 GB'));
    const bodies = next.$chat.get().lines.map((l) => l.body);
    expect(new Set(bodies).size).toBe(bodies.length);
    // A rating pressed while the end is on its way is sent after it, not dropped.
    await Promise.all([next.end(), next.rate(5)]);
    expect(next.$chat.get()).toMatchObject({ phase: 'ended', rating: 5, error: undefined });
    const transcript = await (await next.transcript())!.text();
    expect(transcript).toContain('You: My bundle ran out');
    next.stop();
  });

  it('the browser’s store: closed hours say when chat opens; a refusal shows the API’s message', async () => {
    const c = ctx();
    c.clock.now = new Date('2026-11-22T20:15:00Z');
    const store = storeOn(c);
    await store.open();
    expect(store.$chat.get()).toMatchObject({ phase: 'closed', opensText: 'Chat opens at 9:00 tomorrow' });
    c.clock.now = new Date('2026-11-22T10:00:00Z');
    await store.open();
    await store.start();
    expect(store.$chat.get().error).toBe(chatFailures.who.message);
  });
});
