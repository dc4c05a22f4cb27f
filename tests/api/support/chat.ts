import { chatApi } from '../../../src/contract/chat.schema.ts';
import { solveCaptcha, type Session, type TestContext } from './harness.ts';
import { ok } from './client.ts';

type App = Pick<TestContext['app'], 'request'>;

/** A chat started through the API: its number and token, and the headers that reach it. */
export interface StartedChat {
  id: number;
  token: string;
  headers: Record<string, string>;
}

export async function startChat(
  app: TestContext['app'],
  who: { session?: Session; name?: string; email?: string; captcha?: string } = {},
) {
  const { session, ...body } = who;
  const started = await ok(app, chatApi.start, {
    body: session
      ? {}
      : { name: 'Aoife Murphy', email: 'aoife@example.org', captcha: await solveCaptcha(app), ...body },
    ...(session ? { session } : {}),
  });
  const { id, token } = started._payload;
  return { id, token, headers: { 'x-chat-token': token }, answer: started._payload };
}

/** A line the person sends in their chat. */
export const say = (app: TestContext['app'], chat: StartedChat, body: string) =>
  ok(app, chatApi.send, { params: { chat_id: chat.id }, headers: chat.headers, body: { body } });

export const forceHours = (app: App, open: boolean | 'schedule') =>
  app.request('/sandbox/helpdesk/chat/hours', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ open }),
  });

/** The sandbox console's steps, as an agent's browser sends them. */
export const consoleStep = (app: App, id: number, step: 'take' | 'answer' | 'end', body?: string) =>
  app.request(`/sandbox/helpdesk/chat/${id}/${step}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body === undefined ? {} : { body }),
  });

export interface ChatEvent {
  event: string;
  id?: string;
  data: string;
}

/**
 * A chat's event stream read as a browser reads it: each event as it arrives; `until` waits for
 * the events a test expects (failing after a while), `close` leaves as a browser does.
 */
export async function openEvents(app: App, chat: StartedChat, lastEventId?: number) {
  const res = await app.request(`/panda/public/chat/${chat.id}/events`, {
    headers: { ...chat.headers, ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }) },
  });
  if (res.status !== 200 || !res.body) throw new Error(`events: ${res.status} ${await res.text()}`);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  const events: ChatEvent[] = [];
  let buffer = '';
  let ended = false;
  const pump = async () => {
    const { value, done } = await reader.read();
    if (done) {
      ended = true;
      return;
    }
    buffer += value;
    let at: number;
    while ((at = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, at);
      buffer = buffer.slice(at + 2);
      const e: ChatEvent = { event: 'message', data: '' };
      let any = false;
      for (const line of block.split('\n')) {
        const [field, ...rest] = line.split(':');
        const value = rest.join(':').replace(/^ /, '');
        if (field === 'event') e.event = value;
        else if (field === 'id') e.id = value;
        else if (field === 'data') {
          e.data += value;
          any = true;
        }
      }
      if (any) events.push(e);
    }
  };
  return {
    res,
    events,
    lines: () =>
      events
        .filter((e) => e.event === 'line')
        .map((e) => JSON.parse(e.data) as { id: number; author: string; body: string; name: string | null }),
    states: () =>
      events
        .filter((e) => e.event === 'chat')
        .map(
          (e) =>
            JSON.parse(e.data) as { state: string; place: number | null; agent: string | null; ticket: string | null },
        ),
    get ended() {
      return ended;
    },
    async until(done: () => boolean, ms = 5000) {
      const deadline = Date.now() + ms;
      while (!done()) {
        if (ended) throw new Error(`the stream ended first: ${JSON.stringify(events)}`);
        if (Date.now() > deadline) throw new Error(`not seen in ${ms} ms: ${JSON.stringify(events)}`);
        await Promise.race([pump(), new Promise((r) => setTimeout(r, 100))]);
      }
    },
    async toEnd(ms = 5000) {
      const deadline = Date.now() + ms;
      while (!ended) {
        if (Date.now() > deadline) throw new Error('the stream did not end');
        await Promise.race([pump(), new Promise((r) => setTimeout(r, 100))]);
      }
    },
    close: () => reader.cancel().catch(() => {}),
  };
}
